import { type ContainerCell, type Rack as ContractRack, cellLabel } from '@falcon/api-client/lite';
import type { ContainerStateTone, Rack, RackContainer } from '@falcon/ui';

/** The colour a place gets: inactive and error first, then alarming reach, then the delivery state. */
export const cellState = (cell: ContainerCell): ContainerStateTone => {
  if (!cell.active) return 'inactive';
  if (cell.hasError) return 'error';
  if (cell.alarming) return 'alarming';
  return cell.deliveryStatus ?? 'ok';
};

/**
 * The grid already says "Rack {name}" in the user's language: a name that is only a word and a number
 * ("Regal 01") shows as the number, so it does not read "Rack Regal 01".
 */
export const rackLabel = (name: string): string => name.match(/^\p{L}+\s+(\d+)$/u)?.[1] ?? name;

/**
 * The contract's rack/shelf/place tree as the grid's racks (shelves top to bottom, places left to
 * right). Codes come only with their field permissions: without them a rack is known by its
 * position (`#2`), a shelf by its position, and a cell is labelled by `cellLabel` (article name,
 * article code, container code, else the place's position). A rack's id is its code, else `#position`
 * (`rackOfGrid` finds it again).
 */
export const toGridRacks = (
  racks: readonly ContractRack[],
  /** A short line under a rack's name (when it was last handled). */
  noteOf?: (rack: ContractRack) => string | undefined,
): Rack[] =>
  [...racks]
    .sort((a, b) => a.position - b.position)
    .map((rack) => {
      const rackId = rack.code ?? `#${rack.position}`;
      const note = noteOf?.(rack);
      return {
        id: rackId,
        name: rackLabel(rack.name),
        ...(note ? { note } : {}),
        shelves: [...rack.shelves]
          .sort((a, b) => b.position - a.position)
          .map((shelf) => ({
            id: shelf.code ?? `${rackId}-S${shelf.position}`,
            name: String(shelf.position),
            places: [...shelf.places]
              .sort((a, b) => a.position - b.position)
              .map((place): RackContainer | null =>
                place.container
                  ? {
                      id: place.container.id,
                      code: cellLabel(place.container, place.position),
                      state: cellState(place.container),
                    }
                  : null,
              ),
          })),
      };
    });

/** Reordering sends rack codes: only a user who sees them (PERM_FIELD_RACKCODE) can reorder. */
export const racksHaveCodes = (racks: readonly ContractRack[]): boolean =>
  racks.every((r) => r.code !== undefined);

/** The contract's rack a grid rack stands for (its id is the code, else `#position`). */
export const rackOfGrid = (racks: readonly ContractRack[], id: string): ContractRack | undefined =>
  racks.find((rack) => (rack.code ?? `#${rack.position}`) === id);
