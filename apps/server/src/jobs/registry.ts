import { exportJob } from './exports';
import { forecastJob } from './forecasts';

/** Every background job the server runs: registered with the queue at start (new jobs go here). */
export const JOBS = [exportJob, forecastJob] as const;
