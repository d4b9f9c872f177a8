import { setupWorker } from 'msw/browser';
import { type CreateHandlersOptions, createHandlers, flattenHandlers } from './handlers';

export * from './index';

/**
 * The mock API in the browser (dev:mock): a service worker over a dataset. Serve msw's worker
 * script (`npx msw init public --no-save`), then `await createWorker({ dataset: { scale: 'demo' } }).start()`.
 */
export const createWorker = (options: CreateHandlersOptions = {}) =>
  setupWorker(...flattenHandlers(createHandlers(options)));
