import { describe, expect, it } from 'vitest';
import { fetchCached, invalidate } from './query';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('fetchCached', () => {
  it('shares one request between readers of the same key', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.resolve(calls);
    };
    const [a, b] = await Promise.all([fetchCached('k:shared', load), fetchCached('k:shared', load)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
  });

  it('starts a fresh request after an invalidation instead of waiting for the one in flight', async () => {
    const stale = deferred<string>();
    const first = fetchCached('k:fresh', () => stale.promise);
    invalidate('k:');
    const second = await fetchCached('k:fresh', () => Promise.resolve('fresh'));
    expect(second).toBe('fresh');
    stale.resolve('stale');
    expect(await first).toBe('stale');
  });
});
