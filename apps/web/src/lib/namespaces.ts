// No imports: vite.config.ts reads EAGER_NAMESPACES too.

/**
 * Loaded before the first render: what the login page, the frame and every screen's messages need.
 * Everything else is a route's business (ROUTE_NAMESPACES in app/routes-config.ts loads it with the
 * route's code), so the login route downloads one small file (vite.config.ts groups them), not every feature's texts.
 */
export const EAGER_NAMESPACES = ['common', 'messages', 'auth', 'shell'] as const;
/** Namespaces a route (or the signed-in frame) loads together with its code. */
export const LAZY_NAMESPACES = [
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
] as const;
/** Every namespace: one per feature, plus common and the server's message keys. */
export const NAMESPACES = [...EAGER_NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];
