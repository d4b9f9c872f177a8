import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n, toI18nLanguage } from '../lib/i18n';
import { state } from '../lib/store';
import { AppProvider } from './provider';
import { createRouter } from './router';
import { isPublicPath, loadSignedInRoutes } from './routes-config';

const MOCK_SESSIONS = 'falcon-mock-sessions';

/**
 * `npm run dev:mock`: the whole API is answered in the browser by the mock server's handlers. The
 * mock's data lives in the page, so a reload starts it afresh; the open sessions are kept in
 * sessionStorage across the reload, so a developer stays signed in (as with the real server).
 */
const startMock = async () => {
  const { createDb, createWorker } = await import('@falcon/mock-server/browser');
  const db = createDb({ scale: 'demo', now: new Date() });
  try {
    db.sessions.restore(JSON.parse(sessionStorage.getItem(MOCK_SESSIONS) ?? '[]'));
  } catch {
    sessionStorage.removeItem(MOCK_SESSIONS);
  }
  addEventListener('pagehide', () =>
    sessionStorage.setItem(MOCK_SESSIONS, JSON.stringify(db.sessions.entries())),
  );
  await createWorker({ dataset: () => db, delay: 150 }).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
};

const start = async () => {
  if (import.meta.env.VITE_MOCK === '1') await startMock();
  document.documentElement.lang = toI18nLanguage(state.language);
  const i18nReady = initI18n(state.language);
  // Any URL but a public one needs the signed-in routes: their chunk loads alongside i18n, not after it.
  if (!isPublicPath(window.location.pathname)) void loadSignedInRoutes().catch(() => {});
  // The router starts the first route at once (its code, translations and data), alongside i18n.
  const router = createRouter();
  await i18nReady;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The first render as a transition: React renders the app in slices (the page stays responsive while
  // the framework's code runs for the first time) instead of one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
};

// In a task of its own after the one that evaluated the scripts (the framework's code first of all): two
// shorter tasks instead of one long one, so a prerendered page (ADR 0066, 0068) answers input sooner.
setTimeout(() => void start(), 0);
