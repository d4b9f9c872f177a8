export const enc = encodeURIComponent;

/**
 * The URLs a signed-out visitor can open (sign-in, error, legal pages): part of `paths` (paths.ts), apart
 * so the entry (the login page and the frame around it), which needs only these, does not carry every
 * route's URL. Code outside the entry uses `paths`.
 */
export const publicPaths = {
  login: {
    path: '/login',
    to: (redirect?: string) => (redirect ? `/login?redirect=${enc(redirect)}` : '/login'),
  },
  /** Where a company identity provider sends the browser back (single sign-on, ADR 0064). */
  loginSso: { path: '/login/sso', to: () => '/login/sso' },
  error: { path: '/error', to: () => '/error' },
  legalNotice: { path: '/legal-notice', to: () => '/legal-notice' },
  privacy: { path: '/privacy', to: () => '/privacy' },
  terms: { path: '/terms', to: () => '/terms' },
} as const;

/**
 * The version of the web build the server serves now (`{ "version": "<hash>" }`, written by the build
 * next to index.html; vite.config.ts): every page compares the version it runs with it and reloads.
 */
export const VERSION_URL = '/version.json';
