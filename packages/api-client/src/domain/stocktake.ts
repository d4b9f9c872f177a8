import type {
  CountedContainer,
  RackProgress,
  Reconciliation,
  ScanOutcome,
  StocktakeScan,
} from '../contract/stocktake';

/** A stored scan as both backends keep it: the container it named (null: none the scanner may see). */
export interface ScanFact {
  key: string;
  seq: number;
  scanned: string;
  containerId: string | null;
  outcome: ScanOutcome;
  scannedAt: string;
  undone: boolean;
}

/**
 * What a new scan is, given the count's expected containers and the scans before it: `unknown` (no
 * container the scanner may see), `elsewhere` (a container not expected here: another location, another
 * rack, inactive), `repeat` (expected, scanned before and not undone), else `expected`.
 */
export const scanOutcome = (
  containerId: string | null,
  expectedIds: ReadonlySet<string>,
  earlier: readonly ScanFact[],
): ScanOutcome => {
  if (containerId === null) return 'unknown';
  if (!expectedIds.has(containerId)) return 'elsewhere';
  return earlier.some((s) => !s.undone && s.containerId === containerId) ? 'repeat' : 'expected';
};

/** Scans that count: not undone. */
const standing = (scans: readonly ScanFact[]) => scans.filter((s) => !s.undone);

/** Scanned / expected in all and per rack (by rack position), from the standing scans. */
export const countProgress = (
  expected: readonly CountedContainer[],
  scans: readonly ScanFact[],
): { expected: number; scanned: number; racks: RackProgress[] } => {
  const found = new Set(standing(scans).map((s) => s.containerId));
  const racks = new Map<number, RackProgress>();
  let scanned = 0;
  for (const c of expected) {
    const rack = racks.get(c.rackPosition) ?? {
      rackPosition: c.rackPosition,
      rackName: c.rackName,
      expected: 0,
      scanned: 0,
    };
    rack.expected += 1;
    if (found.has(c.id)) {
      rack.scanned += 1;
      scanned += 1;
    }
    racks.set(c.rackPosition, rack);
  }
  return {
    expected: expected.length,
    scanned,
    racks: [...racks.values()].sort((a, b) => a.rackPosition - b.rackPosition),
  };
};

const byPlace = (a: CountedContainer, b: CountedContainer) =>
  a.rackPosition - b.rackPosition ||
  a.shelfPosition - b.shelfPosition ||
  a.placePosition - b.placePosition ||
  a.id.localeCompare(b.id);

/**
 * The reconciliation of a count: expected containers without a standing scan (missing), standing scans
 * of anything else grouped by container or, unknown, by the text scanned (unexpected), and expected
 * containers scanned more than once (scanned twice). `known` holds every container a scan named.
 */
export const reconcile = (
  expected: readonly CountedContainer[],
  scans: readonly ScanFact[],
  known: ReadonlyMap<string, CountedContainer>,
): Reconciliation => {
  const times = new Map<string, number>();
  const unknown = new Map<string, number>();
  for (const s of standing(scans)) {
    if (s.containerId === null) unknown.set(s.scanned, (unknown.get(s.scanned) ?? 0) + 1);
    else times.set(s.containerId, (times.get(s.containerId) ?? 0) + 1);
  }
  const expectedIds = new Set(expected.map((c) => c.id));
  const elsewhere = [...times]
    .filter(([id]) => !expectedIds.has(id))
    .map(([id, n]) => ({ container: known.get(id) ?? null, n, id }))
    .filter((e): e is { container: CountedContainer; n: number; id: string } => e.container !== null)
    .sort(
      (a, b) =>
        a.container.locationCode.localeCompare(b.container.locationCode) || byPlace(a.container, b.container),
    );
  const scannedFor = (id: string) => standing(scans).find((s) => s.containerId === id)?.scanned ?? '';
  return {
    missing: expected.filter((c) => !times.has(c.id)).sort(byPlace),
    unexpected: [
      ...elsewhere.map((e) => ({ scanned: scannedFor(e.id), container: e.container, times: e.n })),
      ...[...unknown]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([scanned, n]) => ({ scanned, container: null, times: n })),
    ],
    scannedTwice: expected
      .filter((c) => (times.get(c.id) ?? 0) > 1)
      .sort(byPlace)
      .map((container) => ({ container, times: times.get(container.id) ?? 0 })),
  };
};

/** A scan as answered, newest first in a count. */
export const scanAnswer = (s: ScanFact, known: ReadonlyMap<string, CountedContainer>): StocktakeScan => ({
  key: s.key,
  seq: s.seq,
  scanned: s.scanned,
  outcome: s.outcome,
  container: s.containerId === null ? null : (known.get(s.containerId) ?? null),
  scannedAt: s.scannedAt,
  undone: s.undone,
});

/**
 * The rows of the inventory list a finished count is handed over as: every expected container, by the
 * barcode it carries (else its code), with its filling quantity when it was found and 0 when it is
 * missing. Unexpected containers belong to another list (their own location's count).
 */
export const handOverRows = (
  expected: readonly { id: string; barcode?: string | null; code?: string; fillingQuantity: number }[],
  scans: readonly ScanFact[],
): { code: string; quantity: number }[] => {
  const found = new Set(standing(scans).map((s) => s.containerId));
  return expected.map((c) => ({
    code: c.barcode || c.code || '',
    quantity: found.has(c.id) ? c.fillingQuantity : 0,
  }));
};

/**
 * A quantity as the inventory list reads it: a point as decimal separator, and never exactly three
 * decimals after one to three digits ("1.125" is refused there as ambiguous; "1.1250" is not).
 */
const quantityText = (quantity: number): string => {
  const text = String(quantity);
  return /^\d{1,3}\.\d{3}$/.test(text) ? `${text}0` : text;
};

/** The csv an inventory list upload takes: `barcode;quantity` per row, with a header. */
export const inventoryCsv = (rows: readonly { code: string; quantity: number }[]): string =>
  `${['barcode;quantity', ...rows.map((r) => `${r.code};${quantityText(r.quantity)}`)].join('\n')}\n`;
