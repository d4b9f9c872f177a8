import { digestJob } from '../mail/digest';
import { pruneMailJob } from '../mail/prune';
import { sendMailJob } from '../mail/send-job';
import { exportJob } from './exports';
import { forecastJob } from './forecasts';

/** Every background job the server runs: registered with the queue at start (new jobs go here). */
export const JOBS = [exportJob, forecastJob, sendMailJob, digestJob, pruneMailJob] as const;
