import {
  APP_SHELL,
  EMPTY_SELECTION,
  LANGUAGES,
  type Language,
  LOCATION_SHELL,
  type Location,
  type LocationPage,
  locationPagesFor,
  OPTIONAL_LOCATION_PAGES,
  type Session,
} from '@falcon/api-client';
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
import { Component as LocationRoute } from '../app/routes/location';
import { SIGNED_IN_ROUTE_NAMESPACES } from '../app/routes-signed-in';
import { paths } from '../config/paths';
import { locationQuery } from '../features/location/api/queries';
import { ScannerPage } from '../features/scanner/components/ScannerPage';
import {
  changeI18nLanguage,
  initI18n,
  intlTag,
  loadAllUiTexts,
  loadNamespaces,
  type Namespace,
} from '../lib/i18n';
import { Prerendering } from '../lib/prerendering';
import { queryClient } from '../lib/query-client';
import { state } from '../lib/store';

/**
 * Signed-in pages as HTML, rendered at build time with their real components, styles and translations
 * (ADR 0066, 0068): /app (frame and scanner page) and a location's page (frame, heading, summary and page
 * links; the grid and the search as the app shows them while their data loads). The server sends the
 * signed-in user's one inside index.html with their values in place of the placeholders, so a phone paints
 * the page before its JavaScript has arrived; the app removes it when it renders (app/shell.ts).
 */
const shellSession = (language: Language, permissions: readonly string[]): Session => ({
  id: 'shell',
  userId: 'shell',
  username: 'shell',
  firstname: '',
  lastname: '',
  fullName: '',
  initials: APP_SHELL.initials,
  language,
  supportedLanguages: [language],
  permissions: [...permissions],
  roles: [],
  sessionTimeoutMinutes: 60,
  impersonatedBy: null,
  employeeKey: null,
});

/** One page in the signed-in frame at `url`: its markup after its styles (what was rendered, global rules too). */
const renderShell = async ({
  language,
  permissions,
  namespaces,
  layout,
  route,
  url,
}: {
  language: Language;
  permissions: readonly string[];
  namespaces: readonly Namespace[];
  layout: 'Default' | 'FixedHeight';
  route: Omit<RouteObject, 'children' | 'index'>;
  url: string;
}): Promise<string> => {
  state.language = language;
  state.session = shellSession(language, permissions);
  await initI18n(language);
  await changeI18nLanguage(language);
  await Promise.all([loadNamespaces([...FRAME_NAMESPACES, ...namespaces]), loadAllUiTexts(language)]);

  const routes: RouteObject[] = [
    {
      element: (
        <DefaultLayout layout={layout}>
          <Outlet />
        </DefaultLayout>
      ),
      children: [route as RouteObject],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://falcon.invalid${url}`));
  if (context instanceof Response) throw new Error(`the shell of ${url} answered a response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(
      sheet.collectStyles(
        <Prerendering.Provider value>
          <AppProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </Prerendering.Provider>,
      ),
    );
    return `<style>${sheet.instance.toString()}</style>${html}`;
  } finally {
    sheet.seal();
  }
};

/** /app for a user who may count or may not. */
const renderAppShell = (language: Language, mayCount: boolean) => {
  state.selection = { ...EMPTY_SELECTION };
  return renderShell({
    language,
    permissions: mayCount ? [APP_SHELL.countPermission] : [],
    namespaces: ['scanner'],
    layout: 'Default',
    route: { path: '/app', element: <ScannerPage /> },
    url: '/app',
  });
};

const V = LOCATION_SHELL.values;
/** Counts no location has, written by the build and replaced by their placeholders. */
const COUNTS = { containers: 987_654_321, alarming: 987_654_322, shelves: 987_654_323 } as const;

/** The location the page is rendered with: placeholders for what the server writes in. */
const shellLocation: Location = {
  code: V.code,
  name: V.name,
  parentBranch: {
    code: V.branchCode,
    name: V.branchName,
    parentConcern: { code: V.concernCode, name: V.concernName },
    inHouseStaffEmployeeKey: null,
    fieldServiceEmployeeKey: null,
  },
  inHouseStaffEmployeeKey: null,
  fieldServiceEmployeeKey: null,
  address: null,
  racks: [],
  maxShelves: COUNTS.shelves,
  containerCount: COUNTS.containers,
  alarmingCount: COUNTS.alarming,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The links to the location's optional pages: each one's list item between its marks. */
const OPTIONAL_LINKS: Record<LocationPage, string> = {
  lists: paths.locationLists.to(V.code),
  replenishment: paths.locationReplenishment.to(V.code),
  protocol: paths.locationProtocol.to(V.code),
  editLayout: paths.locationUpdate.to(V.code),
};

/**
 * /location/:code with every optional page's link, each between its marks (the server keeps those the user
 * may open), and the counts' placeholders where the build wrote them formatted.
 */
const renderLocationShell = async (language: Language): Promise<string> => {
  queryClient.setQueryData(locationQuery(V.code).queryKey, shellLocation);
  // As the app's first render has it: the selection from the location, the concerns not loaded yet.
  state.selection = {
    concernCode: V.concernCode,
    branchCode: V.branchCode,
    locationCode: V.code,
    containerId: null,
  };
  // Every optional page's link (the server keeps the user's); the parts that depend on other permissions
  // render as loading (lib/prerendering.ts).
  const everyPage = Object.values(OPTIONAL_LOCATION_PAGES).flat();
  if (!Object.values(locationPagesFor(everyPage)).every(Boolean))
    throw new Error('the location shell must show every optional page');
  let html = await renderShell({
    language,
    permissions: everyPage,
    namespaces: SIGNED_IN_ROUTE_NAMESPACES.location,
    layout: 'FixedHeight',
    route: { path: paths.location.path, element: <LocationRoute /> },
    url: paths.location.to(V.code),
  });
  const integers = new Intl.NumberFormat(intlTag(language));
  for (const [name, value] of Object.entries(COUNTS) as [keyof typeof COUNTS, number][]) {
    const formatted = integers.format(value);
    if (!html.includes(formatted)) throw new Error(`the location shell lacks its ${name}`);
    html = html.replaceAll(formatted, V[name]);
  }
  for (const [page, href] of Object.entries(OPTIONAL_LINKS) as [LocationPage, string][]) {
    const item = new RegExp(`<li>(?:(?!</li>).)*?href="${escapeRegExp(href)}"(?:(?!</li>).)*?</li>`, 's');
    const [start, end] = LOCATION_SHELL.optional(page);
    if (!item.test(html)) throw new Error(`the location shell lacks the link to its ${page}`);
    html = html.replace(item, (link) => `${start}${link}${end}`);
  }
  return html;
};

/** Every shell the server may send: file name and content. */
export const renderAppShells = async (): Promise<{ file: string; content: string }[]> => {
  const shells: { file: string; content: string }[] = [];
  for (const language of LANGUAGES) {
    for (const mayCount of [false, true])
      shells.push({
        file: APP_SHELL.file(language, mayCount),
        content: await renderAppShell(language, mayCount),
      });
    shells.push({ file: LOCATION_SHELL.file(language), content: await renderLocationShell(language) });
  }
  return shells;
};
