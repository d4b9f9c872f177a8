import { z } from 'zod';
import { refreshAllForecasts } from '../services/history';
import { defineJob } from './queue';

/**
 * Refreshes the stored container forecasts (issue 16, ADR 0059): every night for all containers (the
 * trend and the weeks move on; dates stay absolute, so a day without the job only ages the order of
 * containers with a delivery on its way), and after a lead time changed for the locations it moves.
 * Idempotent: a run delivered twice computes the same rows.
 */
export const forecastJob = defineJob({
  name: 'refresh-forecasts',
  payload: z.object({ locationCodes: z.array(z.string().min(1)).max(10_000).optional() }),
  settings: { retryLimit: 2, timeoutSeconds: 30 * 60, schedule: { cron: '15 2 * * *' } },
  run: async ({ locationCodes }, { db, now, log, signal }) => {
    const started = Date.now();
    const done = await refreshAllForecasts(db, now(), {
      ...(locationCodes ? { locationCodes } : {}),
      stop: () => signal.aborted,
    });
    log.info({ forecasts: done, ms: Date.now() - started }, 'forecasts refreshed');
  },
});
