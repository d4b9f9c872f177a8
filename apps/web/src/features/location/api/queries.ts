import { api } from '../../../lib/api';
import { prefetch } from '../../../lib/query';

// The location screen's two big loads, shared by its hooks and the route's prefetch: the same keys
// and calls, so the screen picks up a request the prefetch has already started.
export const locationQuery = (code: string) =>
  [`location:${code}`, () => api.location.get({ params: { code } })] as const;
export const racksQuery = (code: string) =>
  [`location:${code}:racks`, () => api.location.racks({ params: { code } })] as const;

/**
 * Starts the location (its header: the page's largest text) while the route's code is still
 * downloading (called from the route's loader), instead of after the screen's first render.
 * Not the racks: their answer is every container (1.1 MB of JSON at the biggest location, ~70 kB
 * compressed), and fetched this early it landed on the path to the first paint that Lighthouse
 * simulates (LCP 1.6 -> 2.6 s); they load with the screen (docs/adr/0022-compression-and-caching.md).
 */
export const prefetchLocation = (code: string): void => {
  const [key, load] = locationQuery(code);
  // A failure shows where the screen reads it (its own request gets the same answer).
  prefetch(key, load).catch(() => {});
};
