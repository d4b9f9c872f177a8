import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { rootRoutes, routerOptions } from '../app/router';

/** The whole app (routes, guards, layouts) at `path`, on a memory router. */
export const renderApp = (path: string) => {
  const router = createMemoryRouter(rootRoutes, { initialEntries: [path], ...routerOptions() });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
};
