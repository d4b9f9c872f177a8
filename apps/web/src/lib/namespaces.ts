// No imports: vite.config.ts reads EAGER_NAMESPACES too.

/**
 * Loaded before the first render: what the login page and the frame around every page need before
 * their first paint (login form, progress bar, footer, not-found and route-error texts). Everything
 * else is a route's business (the *_ROUTE_NAMESPACES tables in app/ load it with the route's code) or
 * the signed-in frame's (FRAME_NAMESPACES: its header, common words and the server's messages), so the
 * login route downloads one small file per language (vite.config.ts groups them).
 */
export const EAGER_NAMESPACES = ['auth', 'shell'] as const;
/** Namespaces a route (or the signed-in frame) loads together with its code. */
export const LAZY_NAMESPACES = [
  'common',
  'messages',
  'dashboard',
  'org',
  'location',
  'admin',
  'reviews',
  'lists',
  'scanner',
  'profile',
  'legal',
  'frame',
  'replenishment',
  'notifications',
  'signin',
] as const;
/** Every namespace: one per feature, plus common and the server's message keys. */
export const NAMESPACES = [...EAGER_NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];
