import type { ContainerStateTone } from '../theme/tokens';
import type { Rack } from './RackShelfGrid';

const tones: ContainerStateTone[] = [
  'ok',
  'ok',
  'ok',
  'inaccess',
  'indelivery',
  'backorder',
  'alarming',
  'error',
  'inactive',
];

/** Deterministic racks for stories and tests: every 7th place is empty. */
export function makeRacks(
  count: number,
  shelves: number,
  places: number,
  shelvesOf?: (rack: number) => number,
): Rack[] {
  return Array.from({ length: count }, (_, r) => ({
    id: `rack-${r + 1}`,
    name: `R${String(r + 1).padStart(2, '0')}`,
    shelves: Array.from({ length: shelvesOf ? shelvesOf(r) : shelves }, (_, s) => ({
      id: `rack-${r + 1}-shelf-${s + 1}`,
      name: String(s + 1),
      places: Array.from({ length: places }, (_, p) => {
        const n = (r * shelves + s) * places + p;
        return n % 7 === 6
          ? null
          : {
              id: `c-${n}`,
              code: `K${String(10000 + n)}`,
              state: tones[(n * 5) % tones.length]!,
              description: `Article ${n % 40}`,
            };
      }),
    })),
  }));
}
