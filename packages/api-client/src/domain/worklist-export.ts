import type { WorklistItem } from '../contract/replenishment';
import type { LabelSet } from '../labels';
import { FIELD_PERMISSIONS, type FieldKey } from '../permissions';

type Cell = string | number;

/**
 * The reorder worklist as an xlsx table (server and mock): the location, then every column the caller
 * may see (each needs the field code its value is told with, as on screen), headed in `labels`' language.
 */
export const worklistExportTable = (
  items: readonly WorklistItem[],
  labels: LabelSet,
  granted: ReadonlySet<string>,
): { header: string[]; rows: Cell[][] } => {
  const w = labels.worklist;
  const columns: { field: FieldKey | null; header: string; value: (i: WorklistItem) => Cell }[] = [
    { field: null, header: labels.locationCode, value: (i) => i.locationCode },
    { field: 'code', header: labels.fields.code, value: (i) => i.code ?? '' },
    { field: 'placeCode', header: labels.fields.placeCode, value: (i) => i.placeCode ?? '' },
    { field: 'articleCode', header: labels.fields.articleCode, value: (i) => i.articleCode ?? '' },
    { field: 'articleName', header: labels.fields.articleName, value: (i) => i.articleName ?? '' },
    {
      field: 'fillingQuantity',
      header: labels.fields.fillingQuantity,
      value: (i) => i.fillingQuantity ?? '',
    },
    { field: 'fillingQuantity', header: w.stock, value: (i) => i.stock ?? '' },
    { field: 'consumption', header: w.averageWeekly, value: (i) => round2(i.averageWeekly) },
    { field: 'reachInWeeks', header: labels.fields.reachInWeeks, value: (i) => round2(i.reachInWeeks) },
    { field: 'reachInWeeks', header: w.stockOutDate, value: (i) => i.stockOutDate ?? '' },
    { field: null, header: w.nextDeliveryDate, value: (i) => i.nextDeliveryDate },
    { field: 'reachInWeeks', header: w.marginDays, value: (i) => i.marginDays ?? '' },
    { field: null, header: w.why, value: (i) => i.why.map((r) => w.reasons[r]).join(', ') },
  ];
  const shown = columns.filter((c) => c.field === null || granted.has(FIELD_PERMISSIONS[c.field]));
  return {
    header: shown.map((c) => c.header),
    rows: items.map((item) => shown.map((c) => c.value(item))),
  };
};

const round2 = (n: number | null | undefined): Cell =>
  n === null || n === undefined ? '' : Math.round(n * 100) / 100;
