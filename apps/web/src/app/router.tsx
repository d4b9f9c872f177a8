import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { apiEvents } from '../lib/api';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './layouts/RouteError';
import { appRoutes } from './routes-config';

export const rootRoutes: RouteObject[] = [
  { element: <RootLayout />, errorElement: <RouteError />, children: appRoutes },
];

export const createRouter = () => {
  const router = createBrowserRouter(rootRoutes);
  // Spec section 8: a 403 goes to the Error route.
  apiEvents.forbidden = () => {
    void router.navigate(paths.error.to());
  };
  return router;
};
