import {
  type ContainerHistory,
  type ContainerSizing,
  cappedCount,
  containerHistoryOf,
  containerSizingOf,
  DEFAULT_REPLENISHMENT_TIMES,
  historySeries,
  historyWeeks,
  type LocationSizingItem,
  labelsFor,
  languageOf,
  protocolEntry,
  REACH_BANDS,
  type ReachBand,
  reachBandOf,
  replenishmentSettingsOf,
  slicePage,
  type WorklistFilter,
  type WorklistItem,
  worklistCountLimit,
  worklistExportTable,
  worklistOrder,
} from '@falcon/api-client';
import type { DatasetBranch, DatasetContainer, DatasetLocation } from '@falcon/demo-data';
import type { Auth, MockDb, StoredExport } from '../db';
import { notFound } from '../errors';
import { asHistoryEvent } from '../store/history';
import { writeXlsx, XLSX_TYPE } from '../xlsx';
import { type HandlerContext, route } from './route';
import { containerById, locationFor } from './views';

const EDIT_PERMISSION = 'PERM_EDITRACKLAYOUT';

const sizingOf = (
  db: MockDb,
  c: DatasetContainer,
  location: DatasetLocation,
  windowWeeks: number,
): ContainerSizing => {
  const times = db.history.timesOf(location);
  return containerSizingOf(c, db.history.weeklyConsumption(c, windowWeeks), windowWeeks, times);
};

const branchFor = (db: MockDb, auth: Auth, code: string): DatasetBranch => {
  const branch = db.branches.get(code);
  if (!branch || !db.canSeeBranch(auth.scope, code)) return notFound();
  return branch as DatasetBranch;
};

/** The worklist's locations: the caller's scope, narrowed by the filter (a code out of scope is 404). */
const worklistLocations = (db: MockDb, auth: Auth, f: WorklistFilter): DatasetLocation[] => {
  if (f.concernCode && !db.canSeeConcern(auth.scope, f.concernCode)) notFound();
  if (f.branchCode && !db.canSeeBranch(auth.scope, f.branchCode)) notFound();
  if (f.locationCode && !db.canSeeLocation(auth.scope, f.locationCode)) notFound('location_not_found');
  return db
    .visibleLocations(auth.scope)
    .filter(
      (l) =>
        (!f.concernCode || l.concernCode === f.concernCode) &&
        (!f.branchCode || l.branchCode === f.branchCode) &&
        (!f.locationCode || l.code === f.locationCode),
    );
};

const worklistItems = (db: MockDb, auth: Auth, f: WorklistFilter): WorklistItem[] => {
  const items: WorklistItem[] = [];
  for (const location of worklistLocations(db, auth, f))
    for (const c of db.containersByLocation.get(location.code) ?? []) {
      if (!c.active) continue;
      const forecast = db.history.forecast(c, location);
      if (!forecast.due) continue;
      items.push({
        containerId: c.id,
        concernCode: location.concernCode,
        branchCode: location.branchCode,
        locationCode: location.code,
        locationName: location.name,
        why: forecast.why,
        nextDeliveryDate: forecast.nextDeliveryDate,
        marginDays: forecast.marginDays,
        stockOutDate: forecast.stockOutDate,
        reachInWeeks: forecast.reachWeeks,
        stock: db.history.stockOf(c),
        fillingQuantity: c.fillingQuantity,
        averageWeekly: forecast.averageWeekly,
        code: c.code,
        articleName: c.articleName,
        articleCode: c.articleCode,
        placeCode: c.placeCode,
      });
    }
  return items.sort(worklistOrder);
};

export const replenishmentHandlers = (ctx: HandlerContext) => [
  route(ctx, 'replenishment', 'containerHistory', ({ db, auth, params }): ContainerHistory => {
    const c = containerById(db, auth, params.id);
    const location = db.locations.get(c.locationCode) as DatasetLocation;
    const events = db.history.eventsOf(c);
    const series = historySeries(events.map(asHistoryEvent), historyWeeks(db.history.today));
    const forecast = db.history.forecast(c, location);
    return containerHistoryOf(c, series, forecast, events, ({ containerId: _id, ...e }) => e);
  }),
  route(ctx, 'replenishment', 'containerSizing', ({ db, auth, params, body }) => {
    const c = containerById(db, auth, params.id);
    return sizingOf(db, c, db.locations.get(c.locationCode) as DatasetLocation, body.windowWeeks);
  }),
  route(ctx, 'replenishment', 'locationSizing', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const rows: LocationSizingItem[] = [];
    for (const c of db.containersByLocation.get(location.code) ?? []) {
      if (!c.active) continue;
      const sizing = sizingOf(db, c, location, body.windowWeeks);
      if (body.changesOnly && sizing.reason !== 'increase' && sizing.reason !== 'decrease') continue;
      rows.push({
        ...sizing,
        code: c.code,
        articleName: c.articleName,
        articleCode: c.articleCode,
        placeCode: c.placeCode,
      });
    }
    rows.sort((a, b) => a.containerId.localeCompare(b.containerId));
    return {
      ...slicePage(rows, body.page, body.size),
      locationCode: location.code,
      windowWeeks: body.windowWeeks,
      ...db.history.timesOf(location),
    };
  }),
  route(ctx, 'replenishment', 'locationSettings', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    return replenishmentSettingsOf({
      code: location.code,
      level: 'location',
      own: db.history.locationSetting(location.code),
      branch: db.history.branchSetting(location.branchCode),
      defaults: DEFAULT_REPLENISHMENT_TIMES,
      editable: auth.permissions.has(EDIT_PERMISSION),
    });
  }),
  route(ctx, 'replenishment', 'saveLocationSettings', ({ db, auth, params, body }) => {
    const location = locationFor(db, auth, params.code);
    const before = db.history.locationSetting(location.code) ?? {
      leadTimeDays: null,
      safetyTimeDays: null,
    };
    db.history.setLocationSetting(location.code, body);
    db.protocol.log(
      protocolEntry.replenishmentTimesChanged(
        auth.user.username,
        'location',
        location.code,
        location.code,
        before,
        body,
      ),
    );
    return replenishmentSettingsOf({
      code: location.code,
      level: 'location',
      own: body,
      branch: db.history.branchSetting(location.branchCode),
      defaults: DEFAULT_REPLENISHMENT_TIMES,
      editable: auth.permissions.has(EDIT_PERMISSION),
    });
  }),
  route(ctx, 'replenishment', 'branchSettings', ({ db, auth, params }) => {
    const branch = branchFor(db, auth, params.code);
    return replenishmentSettingsOf({
      code: branch.code,
      level: 'branch',
      own: db.history.branchSetting(branch.code),
      defaults: DEFAULT_REPLENISHMENT_TIMES,
      editable: auth.permissions.has(EDIT_PERMISSION),
    });
  }),
  route(ctx, 'replenishment', 'saveBranchSettings', ({ db, auth, params, body }) => {
    const branch = branchFor(db, auth, params.code);
    const before = db.history.branchSetting(branch.code) ?? { leadTimeDays: null, safetyTimeDays: null };
    db.history.setBranchSetting(branch.code, body);
    db.protocol.log(
      protocolEntry.replenishmentTimesChanged(auth.user.username, 'branch', branch.code, null, before, body),
    );
    return replenishmentSettingsOf({
      code: branch.code,
      level: 'branch',
      own: body,
      defaults: DEFAULT_REPLENISHMENT_TIMES,
      editable: auth.permissions.has(EDIT_PERMISSION),
    });
  }),
  route(ctx, 'replenishment', 'worklist', ({ db, auth, body }) => {
    const { page, size, ...filter } = body;
    const items = worklistItems(db, auth, filter);
    const { total, more } = cappedCount(items.length, worklistCountLimit(page, size));
    return { ...slicePage(items, page, size), total, more };
  }),
  route(ctx, 'replenishment', 'worklistCount', ({ db, auth }) => {
    const { total, more } = cappedCount(worklistItems(db, auth, {}).length, worklistCountLimit());
    return { count: total, more };
  }),
  route(ctx, 'replenishment', 'exportWorklist', ({ db, auth, body, lang }) => {
    const items = worklistItems(db, auth, body);
    const labels = labelsFor(languageOf(lang) ?? auth.user.language);
    const { header, rows } = worklistExportTable(items, labels, auth.permissions);
    const content = writeXlsx('Worklist', header, rows);
    const at = db.now();
    const scopeCode = body.locationCode ?? body.branchCode ?? body.concernCode ?? '';
    const job: StoredExport = {
      id: db.nextId('X'),
      kind: 'worklist',
      scopeCode,
      scopeName: labels.worklist.title,
      state: 'done',
      filename: `Worklist${scopeCode ? `_${scopeCode}` : ''}_${at.slice(0, 10)}.xlsx`,
      rowCount: rows.length,
      size: content.byteLength,
      createdAt: at,
      finishedAt: at,
      error: null,
      owner: auth.user.username,
      file: { filename: '', contentType: XLSX_TYPE, content },
    };
    job.file = { filename: job.filename, contentType: XLSX_TYPE, content };
    db.files.exports.push(job);
    db.protocol.log(protocolEntry.exportQueued(auth.user.username, 'worklist', scopeCode, job.id));
    const { owner: _o, file: _f, ...answer } = job;
    return answer;
  }),
  route(ctx, 'replenishment', 'reachBands', ({ db, auth, params }) => {
    const location = locationFor(db, auth, params.code);
    const weeks = historyWeeks(db.history.today);
    const counts = weeks.map(() => REACH_BANDS.map(() => 0));
    for (const c of db.containersByLocation.get(location.code) ?? []) {
      if (!c.active) continue;
      const series = historySeries(db.history.eventsOf(c).map(asHistoryEvent), weeks);
      series.stock.forEach((stock, i) => {
        const band = reachBandOf(stock, series.reach[i] ?? null);
        const row = counts[i] as number[];
        const at = REACH_BANDS.indexOf(band as ReachBand);
        row[at] = (row[at] as number) + 1;
      });
    }
    return {
      locationCode: location.code,
      bands: [...REACH_BANDS],
      weeks: weeks.map((w) => w.toISOString().slice(0, 10)),
      counts,
    };
  }),
];
