import type { CountryCode } from './geography';
import type { LocationNode } from './org';
import { pad, Rng } from './random';
import type { DatasetLocation, DatasetPlace, DatasetRack, DatasetShelf } from './types';

/** Bin types by front width: a 1,200 mm shelf holds 4 to 11 of them. */
const BIN_TYPES = [
  { name: 'Sichtlagerkasten Gr. 5', width: 105, weight: 3 },
  { name: 'Sichtlagerkasten Gr. 4', width: 150, weight: 3 },
  { name: 'Sichtlagerkasten Gr. 3', width: 200, weight: 2 },
  { name: 'KLT 3147', width: 200, weight: 2 },
  { name: 'KLT 4147', width: 300, weight: 1 },
] as const;
type BinType = (typeof BIN_TYPES)[number];
const SHELF_WIDTH_MM = 1200;
const OCCUPANCY = 0.9;

const RACK_WORD: Record<CountryCode, string> = {
  DE: 'Regal',
  CZ: 'Regál',
  PL: 'Regał',
  HU: 'Állvány',
  RO: 'Raft',
};

interface ShelfLayout {
  shelf: DatasetShelf;
  bin: BinType;
  /** Bit p set: place p (0-based) holds a container. */
  occupied: number;
}
interface RackLayout {
  rack: DatasetRack;
  shelves: ShelfLayout[];
}
export interface LocationLayout extends LocationNode {
  racks: RackLayout[];
  /** Global number of the first container of this location (containers are numbered in tree order). */
  firstSeq: number;
  containerCount: number;
  placeCount: number;
}

const bitCount = (n: number) => {
  let c = 0;
  for (let v = n; v; v &= v - 1) c++;
  return c;
};

/**
 * Racks of a location, added until at least `target` places are occupied. Each rack has 4-8
 * shelves; a shelf holds one bin type and as many places as fit (4-11), about 90% occupied.
 * Codes: rack `<location>-R01`, shelf `<rack>-S1`, place `<shelf>-P01`.
 */
export const layoutLocation = (
  seed: number,
  node: LocationNode,
  target: number,
  firstSeq: number,
): LocationLayout => {
  const location: DatasetLocation = node.location;
  const rng = new Rng(`${seed}:${location.code}:layout`);
  const racks: RackLayout[] = [];
  let containers = 0;
  let places = 0;
  while (containers < target) {
    const r = racks.length + 1;
    const rack: DatasetRack = {
      code: `${location.code}-R${pad(r, 2)}`,
      name: `${RACK_WORD[node.country]} ${pad(r, 2)}`,
      locationCode: location.code,
      position: r,
    };
    const shelfCount = rng.int(4, 8);
    const shelves: ShelfLayout[] = [];
    for (let s = 1; s <= shelfCount; s++) {
      const bin = rng.weighted(BIN_TYPES.map((b) => [b, b.weight] as const));
      const placeCount = Math.min(12, Math.max(4, Math.floor(SHELF_WIDTH_MM / bin.width)));
      let occupied = 0;
      for (let p = 0; p < placeCount; p++) if (rng.chance(OCCUPANCY)) occupied |= 1 << p;
      if (occupied === 0) occupied = 1;
      containers += bitCount(occupied);
      places += placeCount;
      shelves.push({
        shelf: {
          code: `${rack.code}-S${s}`,
          rackCode: rack.code,
          locationCode: location.code,
          position: s,
          placeCount,
          containerType: bin.name,
        },
        bin,
        occupied,
      });
    }
    racks.push({ rack, shelves });
  }
  return { ...node, racks, firstSeq, containerCount: containers, placeCount: places };
};

export const placeCode = (shelfCode: string, position: number) => `${shelfCode}-P${pad(position, 2)}`;

/** Every place of a location, occupied or not, in rack/shelf/position order. */
export function* placesOf(layout: LocationLayout): Generator<DatasetPlace> {
  for (const { rack, shelves } of layout.racks)
    for (const { shelf } of shelves)
      for (let p = 1; p <= shelf.placeCount; p++)
        yield {
          code: placeCode(shelf.code, p),
          shelfCode: shelf.code,
          rackCode: rack.code,
          locationCode: shelf.locationCode,
          position: p,
        };
}
