import { createHandlers, flattenHandlers, lazyDb } from './handlers';

export * from '@falcon/demo-data';
export { type Auth, createDb, MockDb, type MockDbSource, type SessionRow } from './db';
export { MockError } from './errors';
export {
  type CreateHandlersOptions,
  createHandlers,
  flattenHandlers,
  type HandlerMap,
  lazyDb,
} from './handlers';
export { endpointHandler, errorHandler, loadingHandler } from './handlers/overrides';
export { type HandlerContext, mswPath, SESSION_COOKIE } from './handlers/route';
export { writeXlsx } from './xlsx';

/** The database behind `handlers`: the default dataset (seed 1, `small`), created on first use. */
export const defaultDb = lazyDb({ seed: 1, scale: 'small' });

/** Back to the default dataset: call it before each story or test that uses `handlers` and changes data. */
export const resetMockData = (): void => defaultDb().reset();

/**
 * Ready-made handlers over the default database, keyed by resource. Tests that change data can also
 * build their own with `createHandlers({ dataset })`.
 */
export const handlers = createHandlers({ dataset: defaultDb });
export const allHandlers = flattenHandlers(handlers);
