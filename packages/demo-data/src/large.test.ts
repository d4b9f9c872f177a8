import { describe, expect, it } from 'vitest';
import { createDataset, LARGE_MIN_CONTAINERS } from './index';

describe('createDataset large scale', () => {
  it('streams at least 1,000,000 containers without holding them', () => {
    const large = createDataset({ seed: 1, scale: 'large' });
    expect(large.containers).toEqual([]);
    expect(large.places).toEqual([]);
    expect(large.containerCount).toBeGreaterThanOrEqual(LARGE_MIN_CONTAINERS);
    const locations = new Set(large.locations.map((l) => l.code));
    let count = 0;
    let previous = '';
    let states = 0;
    for (const batch of large.containerBatches(1000)) {
      for (const c of batch) {
        // Tree order, every container in a known location.
        if (c.id <= previous || !locations.has(c.locationCode)) throw new Error(`out of order: ${c.id}`);
        previous = c.id;
        if (c.deliveryStatus === 'backorder') states++;
      }
      count += batch.length;
    }
    expect(count).toBe(large.containerCount);
    expect(count).toBeGreaterThanOrEqual(LARGE_MIN_CONTAINERS);
    expect(states).toBeGreaterThan(0);
  }, 60_000);
});
