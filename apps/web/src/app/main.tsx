import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n, toI18nLanguage } from '../lib/i18n';
import { state } from '../lib/store';
import { AppProvider } from './provider';
import { createRouter } from './router';

/** `npm run dev:mock`: the whole API is answered in the browser by the mock server's handlers. */
const startMock = async () => {
  const { createWorker } = await import('@falcon/mock-server/browser');
  await createWorker({ dataset: { scale: 'demo', now: new Date() }, delay: 150 }).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
};

const start = async () => {
  if (import.meta.env.VITE_MOCK === '1') await startMock();
  document.documentElement.lang = toI18nLanguage(state.language);
  await initI18n(state.language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createRouter()} />
      </AppProvider>
    </StrictMode>,
  );
};

void start();
