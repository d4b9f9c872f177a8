import type { Language } from '@falcon/api-client';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { rootRoutes, routerOptions } from '../app/router';
import { apiEvents } from '../lib/api';
import { initI18n } from '../lib/i18n';
import { forgetServerData } from '../lib/server-data';
import { signIn } from '../lib/session';
import { normalizeLanguage, resetState, setLanguage } from '../lib/store';

/** The demo users of the mock server (password demo1234), by what a story needs to show. */
export type DemoUser = 'admin' | 'backoffice' | 'sales' | 'kdadmin' | 'staff';

/**
 * A screen story renders the whole app (routes, guards, layout) at `path` on a memory router, against
 * the mock server's handlers that the Storybook preview installs (`parameters.msw`, one key overridden
 * for an Error, Empty or Loading story).
 */
export function AppAt({ path }: { path: string }) {
  const [router] = useState(() =>
    createMemoryRouter(rootRoutes, { initialEntries: [path], ...routerOptions() }),
  );
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

/**
 * A story's `beforeEach` (after the preview's msw loader): fresh app state, the toolbar's language,
 * and a session of `user` with the mock server (none for public pages).
 */
export const prepareScreen =
  (user: DemoUser | null) =>
  async ({ globals }: { globals: Record<string, unknown> }) => {
    forgetServerData();
    resetState();
    // Storybook cannot reload or leave the page: a lost session shows as errors instead.
    apiEvents.unauthorized = () => {};
    apiEvents.forbidden = () => {};
    const language: Language = normalizeLanguage(globals.locale) ?? 'en';
    setLanguage(language);
    await initI18n(language);
    if (user) {
      const result = await signIn(user, 'demo1234', false);
      if (!result.ok) throw new Error(`story sign-in as ${user} failed: ${result.message}`);
    }
  };
