import { setupServer } from 'msw/node';
import { type CreateHandlersOptions, createHandlers, flattenHandlers } from './handlers';

export * from './index';

/** The mock API in node (tests, scripts): `const server = createServer(); server.listen()`. */
export const createServer = (options: CreateHandlersOptions = {}) =>
  setupServer(...flattenHandlers(createHandlers(options)));
