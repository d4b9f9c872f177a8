// Falcon's service worker (ADR 0062): keeps the /app shell (the page and its hashed assets) so /app opens
// and counts without a network. It never touches /api: no answer of the server, authenticated or not, is
// kept here (the count's data and waiting scans are in IndexedDB, per user, cleared at sign-out).
// Hand-written rather than Workbox: three rules, no build step, and a file that is the same in every build.
const SHELL = 'falcon-shell-v1';
const SHELL_URL = '/app';

/**
 * The page as kept: without the /app page the server prerendered for the signed-in user (ADR 0066; it
 * carries their initials), so nothing of a user's stays here. Offline, the app renders the page itself.
 */
const keptPage = async (response) =>
  new Response(
    (await response.text()).replace(/<div id="shell" inert>[\s\S]*?<\/div>(?=<div id="root">)/, ''),
    { status: response.status, statusText: response.statusText, headers: response.headers },
  );

const isStatic = (url) =>
  url.pathname.startsWith('/assets/') ||
  url.pathname.startsWith('/icons/') ||
  url.pathname === '/manifest.webmanifest' ||
  url.pathname === '/favicon.svg';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const response = await fetch(SHELL_URL, { cache: 'no-store' });
      if (!response.ok) return;
      const page = await keptPage(response);
      const html = await page.clone().text();
      await cache.put(SHELL_URL, page);
      // The entry's scripts and styles the page names (hashed, so they never change under a name).
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      await cache.addAll([...new Set(assets)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The network first (a new version, the server's redirects); without one the kept shell, whose
    // router shows the page asked for.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok && url.pathname.startsWith('/app')) {
            const cache = await caches.open(SHELL);
            await cache.put(SHELL_URL, await keptPage(response.clone()));
          }
          return response;
        } catch (error) {
          const kept = await caches.match(SHELL_URL);
          if (kept) return kept;
          throw error;
        }
      })(),
    );
    return;
  }
  if (isStatic(url)) {
    // Hashed names never change: the kept copy, else the network (kept for next time).
    event.respondWith(
      (async () => {
        const kept = await caches.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) {
          const cache = await caches.open(SHELL);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
  }
});
