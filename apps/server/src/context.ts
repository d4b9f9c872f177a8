import type { ThrottleOptions } from './auth/throttle';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';

/** Services and settings shared by every route (decorated onto the fastify instance as `ctx`). */
export interface AppContext {
  db: Db;
  now: () => Date;
  version: string;
  startedAt: string;
  sessionSecure: boolean;
  /** Absolute session lifetime (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  throttle: ThrottleOptions;
  /** Background jobs (pg-boss): enqueue with `jobs.enqueue(job, payload, { tx })`. */
  jobs: JobQueue;
}
