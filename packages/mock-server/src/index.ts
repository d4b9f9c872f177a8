import { createHandlers, lazyDb } from './handlers';

export * from '@falcon/demo-data';
export { createDb } from './db';
export { endpointHandler, errorHandler, loadingHandler } from './handlers/overrides';

/** The database behind `handlers`: the default dataset (seed 1, `small`), created on first use. */
const defaultDb = lazyDb({ seed: 1, scale: 'small' });

/** Back to the default dataset: call it before each story or test that uses `handlers` and changes data. */
export const resetMockData = (): void => defaultDb().reset();

/** Ready-made handlers over the default database, keyed by resource. */
export const handlers = createHandlers({ dataset: defaultDb });
