import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchCached, invalidate, prefetch, useQuery } from './query';

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

describe('prefetch', () => {
  it("gives the screen's first read the prefetched answer without loading again; later reads refresh", async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.resolve(`answer ${calls}`);
    };
    await prefetch('k:ahead', load);
    const first = renderHook(() => useQuery('k:ahead', load));
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    expect([first.result.current.data, calls]).toEqual(['answer 1', 1]);
    first.unmount();

    const again = renderHook(() => useQuery('k:ahead', load));
    await waitFor(() => expect(again.result.current.data).toBe('answer 2'));
    expect(calls).toBe(2);
  });

  it('joins a prefetch still in flight', async () => {
    const answer = deferred<string>();
    let calls = 0;
    void prefetch('k:flight', () => {
      calls += 1;
      return answer.promise;
    });
    const view = renderHook(() => useQuery('k:flight', () => Promise.resolve('second request')));
    answer.resolve('prefetched');
    await waitFor(() => expect(view.result.current.data).toBe('prefetched'));
    expect(calls).toBe(1);
  });
});
