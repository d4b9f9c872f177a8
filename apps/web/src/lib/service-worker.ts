/**
 * Registers /app's service worker (public/sw.js, ADR 0062): the shell and its assets kept for use without a
 * network. Only in a production build against the real server: under `npm run dev:mock` msw's worker owns
 * the scope, and the dev server's modules are not hashed assets.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || import.meta.env.VITE_MOCK === '1') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // Without it /app still works online; it only cannot open offline.
    console.warn('service worker not registered', error);
  });
};
