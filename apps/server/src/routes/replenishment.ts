import {
  ALARMING_REACH_WEEKS,
  cappedCount,
  containerHistoryOf,
  containerSizingOf,
  DEFAULT_REPLENISHMENT_TIMES,
  effectiveTimes,
  FORECAST_WINDOW_WEEKS,
  forecastOf,
  historySeries,
  historyWeeks,
  type LocationSizingItem,
  protocolEntry,
  REACH_BANDS,
  type ReplenishmentSetting,
  type ReplenishmentTimes,
  reachBandOf,
  replenishmentSettingsOf,
  worklistCountLimit,
} from '@falcon/api-client';
import { and, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { notFound } from '../errors';
import { enqueueExport } from '../jobs/exports';
import { forecastJob } from '../jobs/forecasts';
import { type ContainerRow, containerById } from '../services/containers';
import { asHistoryEvent, containerYear, locationWeeks, weeklyConsumption } from '../services/history';
import { requestLanguage } from '../services/language';
import { writeProtocol } from '../services/protocol';
import { branchScope } from '../services/scope';
import { locationFor } from '../services/tree';
import { countWorklist, readWorklistPage, worklistScope } from '../services/worklist';
import { defineRoutes } from './define';

/** Whoever may edit a location's layout edits its lead and safety time (ADR 0059). */
const EDIT_PERMISSION = 'PERM_EDITRACKLAYOUT';

const ownTimes = (row: {
  leadTimeDays: number | null;
  safetyTimeDays: number | null;
}): ReplenishmentSetting => ({
  leadTimeDays: row.leadTimeDays,
  safetyTimeDays: row.safetyTimeDays,
});

/** A location's own lead/safety time and its branch's (what a null inherits). */
const locationTimes = async (db: Db, locationCode: string) => {
  const [row] = await db
    .select({
      leadTimeDays: t.locations.leadTimeDays,
      safetyTimeDays: t.locations.safetyTimeDays,
      branchLead: t.branches.leadTimeDays,
      branchSafety: t.branches.safetyTimeDays,
    })
    .from(t.locations)
    .innerJoin(t.branches, eq(t.branches.code, t.locations.branchCode))
    .where(eq(t.locations.code, locationCode));
  const branch = { leadTimeDays: row?.branchLead ?? null, safetyTimeDays: row?.branchSafety ?? null };
  const inherited = effectiveTimes(branch, DEFAULT_REPLENISHMENT_TIMES);
  const own = ownTimes(row ?? { leadTimeDays: null, safetyTimeDays: null });
  return { own, branch, inherited, effective: effectiveTimes(own, inherited) };
};

const locationAnswer = (code: string, own: ReplenishmentSetting, branch: ReplenishmentSetting, auth: Auth) =>
  replenishmentSettingsOf({
    code,
    level: 'location',
    own,
    branch,
    defaults: DEFAULT_REPLENISHMENT_TIMES,
    editable: auth.permissions.has(EDIT_PERMISSION),
  });

const branchAnswer = (code: string, own: ReplenishmentSetting, auth: Auth) =>
  replenishmentSettingsOf({
    code,
    level: 'branch',
    own,
    defaults: DEFAULT_REPLENISHMENT_TIMES,
    editable: auth.permissions.has(EDIT_PERMISSION),
  });

const branchFor = async (db: Db, auth: Auth, code: string) => {
  const [row] = await db
    .select()
    .from(t.branches)
    .where(and(eq(t.branches.code, code), branchScope(auth.scope)));
  return row ?? notFound();
};

/** A container's sizing over `windowWeeks` (the domain's `containerSizingOf`, the mock's too). */
const sizingOf = (
  c: ContainerRow,
  weeks: readonly number[],
  windowWeeks: number,
  times: ReplenishmentTimes,
) => containerSizingOf(c, weeks, windowWeeks, times);

const day = (d: Date) => d.toISOString().slice(0, 10);

export const replenishmentRoutes = defineRoutes('replenishment', {
  containerHistory: async ({ db, auth, params, ctx }) => {
    const now = ctx.now();
    const weeks = historyWeeks(now);
    const year = await containerYear(db, auth, params.id, weeks[0] as Date);
    const c = year.container;
    const times = effectiveTimes(year.own, effectiveTimes(year.branch, DEFAULT_REPLENISHMENT_TIMES));
    const series = historySeries(year.events.map(asHistoryEvent), weeks, year.stockBefore);
    // The forecast over the whole weeks before this one (the worklist's, computed now).
    const whole = series.consumption.slice(-1 - FORECAST_WINDOW_WEEKS, -1);
    const forecast = forecastOf({
      weeks: whole,
      stock: year.stock ?? c.fillingQuantity,
      expectedDeliveryDate: c.expectedDeliveryDate,
      leadTimeDays: times.leadTimeDays,
      alarmReachWeeks: ALARMING_REACH_WEEKS,
      today: now,
    });
    return containerHistoryOf(c, series, forecast, year.events, (e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      quantity: e.quantity,
      previousQuantity: e.previousQuantity,
      stockAfter: e.stockAfter,
    }));
  },

  containerSizing: async ({ db, auth, params, body, ctx }) => {
    const c = await containerById(db, auth, params.id);
    const [weeks, times] = await Promise.all([
      weeklyConsumption(db, [c.id], body.windowWeeks, ctx.now()),
      locationTimes(db, c.locationCode),
    ]);
    return sizingOf(c, weeks.get(c.id) ?? [], body.windowWeeks, times.effective);
  },

  locationSizing: async ({ db, auth, params, body, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const [containers, times] = await Promise.all([
      db
        .select()
        .from(t.containers)
        .where(and(eq(t.containers.locationCode, location.code), eq(t.containers.active, true)))
        .orderBy(t.containers.id),
      locationTimes(db, location.code),
    ]);
    const weeks = await weeklyConsumption(
      db,
      containers.map((c) => c.id),
      body.windowWeeks,
      ctx.now(),
    );
    const rows: LocationSizingItem[] = [];
    for (const c of containers) {
      const sizing = sizingOf(c, weeks.get(c.id) ?? [], body.windowWeeks, times.effective);
      if (body.changesOnly && sizing.reason !== 'increase' && sizing.reason !== 'decrease') continue;
      rows.push({
        ...sizing,
        code: c.code,
        articleName: c.articleName,
        articleCode: c.articleCode,
        placeCode: c.placeCode,
      });
    }
    return {
      items: rows.slice(body.page * body.size, (body.page + 1) * body.size),
      total: rows.length,
      page: body.page,
      size: body.size,
      locationCode: location.code,
      windowWeeks: body.windowWeeks,
      ...times.effective,
    };
  },

  locationSettings: async ({ db, auth, params }) => {
    const location = await locationFor(db, auth, params.code);
    const times = await locationTimes(db, location.code);
    return locationAnswer(location.code, times.own, times.branch, auth);
  },

  saveLocationSettings: async ({ db, auth, params, body, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const now = ctx.now();
    const answer = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const times = await locationTimes(tx, location.code);
      await tx
        .update(t.locations)
        .set({ leadTimeDays: body.leadTimeDays, safetyTimeDays: body.safetyTimeDays })
        .where(eq(t.locations.code, location.code));
      await writeProtocol(
        tx,
        protocolEntry.replenishmentTimesChanged(
          auth.user.username,
          'location',
          location.code,
          location.code,
          times.own,
          body,
        ),
        now,
      );
      // The lead time moves the worklist's dates: the location's forecasts are refreshed in the background.
      if (times.effective.leadTimeDays !== (body.leadTimeDays ?? times.inherited.leadTimeDays))
        await ctx.jobs.enqueue(forecastJob, { locationCodes: [location.code] }, { tx });
      return locationAnswer(location.code, body, times.branch, auth);
    });
    ctx.jobs.wake(forecastJob);
    return answer;
  },

  branchSettings: async ({ db, auth, params }) => {
    const branch = await branchFor(db, auth, params.code);
    return branchAnswer(branch.code, ownTimes(branch), auth);
  },

  saveBranchSettings: async ({ db, auth, params, body, ctx }) => {
    const branch = await branchFor(db, auth, params.code);
    const now = ctx.now();
    const answer = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(t.branches)
        .set({ leadTimeDays: body.leadTimeDays, safetyTimeDays: body.safetyTimeDays })
        .where(eq(t.branches.code, branch.code));
      await writeProtocol(
        tx,
        protocolEntry.replenishmentTimesChanged(
          auth.user.username,
          'branch',
          branch.code,
          null,
          ownTimes(branch),
          body,
        ),
        now,
      );
      // Locations that inherit the lead time get theirs refreshed.
      if ((branch.leadTimeDays ?? null) !== body.leadTimeDays) {
        const inheriting = await tx
          .select({ code: t.locations.code })
          .from(t.locations)
          .where(and(eq(t.locations.branchCode, branch.code), isNull(t.locations.leadTimeDays)));
        if (inheriting.length)
          await ctx.jobs.enqueue(forecastJob, { locationCodes: inheriting.map((l) => l.code) }, { tx });
      }
      return branchAnswer(branch.code, body, auth);
    });
    ctx.jobs.wake(forecastJob);
    return answer;
  },

  worklist: async ({ db, auth, body, ctx }) => {
    const { page, size, ...filter } = body;
    const where = await worklistScope(db, auth, filter);
    const { items, counted } = await readWorklistPage(db, where, ctx.now(), {
      limit: size,
      offset: page * size,
      countUpTo: worklistCountLimit(page, size),
    });
    return { items, ...cappedCount(counted, worklistCountLimit(page, size)), page, size };
  },

  worklistCount: async ({ db, auth, ctx }) => {
    const counted = await countWorklist(
      db,
      await worklistScope(db, auth, {}),
      ctx.now(),
      worklistCountLimit(),
    );
    const { total, more } = cappedCount(counted, worklistCountLimit());
    return { count: total, more };
  },

  exportWorklist: async ({ db, auth, body, ctx, request }) => {
    await worklistScope(db, auth, body);
    const code = body.locationCode ?? body.branchCode ?? body.concernCode ?? '';
    return enqueueExport(
      ctx.jobs,
      db,
      auth,
      'worklist',
      { code, name: code },
      body,
      ctx.now(),
      requestLanguage(request, auth),
    );
  },

  reachBands: async ({ db, auth, params, ctx }) => {
    const location = await locationFor(db, auth, params.code);
    const weeks = historyWeeks(ctx.now());
    const perContainer = await locationWeeks(db, location.code, weeks);
    const counts = weeks.map(() => REACH_BANDS.map(() => 0));
    for (const events of perContainer.values()) {
      const series = historySeries(events.events, weeks, events.stockBefore);
      series.stock.forEach((stock, i) => {
        const at = REACH_BANDS.indexOf(reachBandOf(stock, series.reach[i] ?? null));
        const row = counts[i] as number[];
        row[at] = (row[at] as number) + 1;
      });
    }
    return { locationCode: location.code, bands: [...REACH_BANDS], weeks: weeks.map(day), counts };
  },
});
