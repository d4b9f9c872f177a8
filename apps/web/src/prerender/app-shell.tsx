import { APP_SHELL, LANGUAGES, type Language, type Session } from '@falcon/api-client';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import DefaultLayout from '../app/layouts/DefaultLayout';
import { FRAME_NAMESPACES } from '../app/layouts/RootLayout';
import { AppProvider } from '../app/provider';
import { ScannerPage } from '../features/scanner/components/ScannerPage';
import { changeI18nLanguage, initI18n, loadAllUiTexts, loadNamespaces } from '../lib/i18n';
import { state } from '../lib/store';

/**
 * The /app page as HTML (ADR 0066): the signed-in frame and the scanner page rendered at build time, in
 * one language, for a user who may count or may not. The server sends it inside index.html to a
 * signed-in visitor of /app, with the user's initials in place of APP_SHELL.initials, so a phone paints
 * the page before its JavaScript has arrived; the app removes it when it renders (app/shell.ts).
 */
const shellSession = (language: Language, mayCount: boolean): Session => ({
  id: 'shell',
  userId: 'shell',
  username: 'shell',
  firstname: '',
  lastname: '',
  fullName: '',
  initials: APP_SHELL.initials,
  language,
  supportedLanguages: [language],
  permissions: mayCount ? [APP_SHELL.countPermission] : [],
  roles: [],
  sessionTimeoutMinutes: 60,
  impersonatedBy: null,
  employeeKey: null,
});

/** The page's markup after its styles (styled-components' rules of what was rendered, global ones included). */
const renderAppShell = async (language: Language, mayCount: boolean): Promise<string> => {
  state.language = language;
  state.session = shellSession(language, mayCount);
  await initI18n(language);
  await changeI18nLanguage(language);
  await Promise.all([loadNamespaces([...FRAME_NAMESPACES, 'scanner']), loadAllUiTexts(language)]);

  const routes: RouteObject[] = [
    {
      element: (
        <DefaultLayout layout="Default">
          <Outlet />
        </DefaultLayout>
      ),
      children: [{ path: '/app', element: <ScannerPage /> }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://falcon.invalid/app'));
  if (context instanceof Response) throw new Error('the /app shell route answered a response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(
      sheet.collectStyles(
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>,
      ),
    );
    return `<style>${sheet.instance.toString()}</style>${html}`;
  } finally {
    sheet.seal();
  }
};

/** Every shell the server may send: file name (APP_SHELL.file) and content. */
export const renderAppShells = async (): Promise<{ file: string; content: string }[]> => {
  const shells: { file: string; content: string }[] = [];
  for (const language of LANGUAGES)
    for (const mayCount of [false, true])
      shells.push({
        file: APP_SHELL.file(language, mayCount),
        content: await renderAppShell(language, mayCount),
      });
  return shells;
};
