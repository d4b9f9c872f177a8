import { exportJob } from './exports';

/** Every background job the server runs: registered with the queue at start (new jobs go here). */
export const JOBS = [exportJob] as const;
