import { describe, expect, it } from 'vitest';
import { cellState, rackLabel, racksHaveCodes, toGridRacks } from './rackCells';

const cell = (over: Partial<Parameters<typeof cellState>[0]> = {}) => ({
  id: 'K1',
  code: 'KB-1',
  active: true,
  alarming: false,
  hasError: false,
  deliveryStatus: 'inaccess' as const,
  ...over,
});

describe('rack grid cells', () => {
  it('colours inactive over error over alarming over the delivery state', () => {
    expect(cellState(cell({ active: false, hasError: true }))).toBe('inactive');
    expect(cellState(cell({ hasError: true, alarming: true }))).toBe('error');
    expect(cellState(cell({ alarming: true }))).toBe('alarming');
    expect(cellState(cell({ deliveryStatus: 'backorder' }))).toBe('backorder');
    expect(cellState(cell({ deliveryStatus: undefined }))).toBe('ok');
    // Without the error and delivery state fields a cell is coloured by what is left.
    expect(cellState({ id: 'K1', active: true, alarming: false })).toBe('ok');
  });

  it('orders racks by position, shelves top (highest) down, places left to right', () => {
    const racks = toGridRacks([
      {
        code: 'R2',
        name: 'Rack 2',
        position: 2,
        lastHandled: null,
        scanPending: false,
        shelves: [],
      },
      {
        code: 'R1',
        name: 'Rack 1',
        position: 1,
        lastHandled: null,
        scanPending: false,
        shelves: [
          {
            code: 'S1',
            position: 1,
            places: [
              { code: 'P2', position: 2, container: cell() },
              { code: 'P1', position: 1, container: null },
            ],
          },
          { code: 'S2', position: 2, places: [] },
        ],
      },
    ]);
    expect(racks.map((r) => r.id)).toEqual(['R1', 'R2']);
    expect(racks[0]?.shelves.map((s) => s.id)).toEqual(['S2', 'S1']);
    expect(racks[0]?.shelves[1]?.places).toEqual([null, { id: 'K1', code: 'KB-1', state: 'inaccess' }]);
  });

  it('works without the code fields: racks and shelves by position, cells by article or position', () => {
    const racks = toGridRacks([
      {
        name: 'Regal 01',
        position: 1,
        lastHandled: null,
        scanPending: false,
        shelves: [
          {
            position: 1,
            places: [
              {
                position: 1,
                container: { id: 'K1', active: true, alarming: false, articleName: 'Mutter M8' },
              },
              { position: 2, container: { id: 'K2', active: true, alarming: false } },
            ],
          },
          { position: 2, places: [] },
        ],
      },
    ]);
    expect(racks[0]?.id).toBe('#1');
    expect(racks[0]?.shelves.map((s) => [s.id, s.name])).toEqual([
      ['#1-S2', '2'],
      ['#1-S1', '1'],
    ]);
    expect(racks[0]?.shelves[1]?.places.map((p) => p?.code)).toEqual(['Mutter M8', '2']);
    expect(
      racksHaveCodes([{ name: 'R', position: 1, lastHandled: null, scanPending: false, shelves: [] }]),
    ).toBe(false);
    expect(
      racksHaveCodes([
        { code: 'R1', name: 'R', position: 1, lastHandled: null, scanPending: false, shelves: [] },
      ]),
    ).toBe(true);
  });

  it('does not repeat the word the grid already puts before a rack name', () => {
    expect(rackLabel('Regal 01')).toBe('01');
    expect(rackLabel('Hochregal Nord')).toBe('Hochregal Nord');
    expect(rackLabel('R-7')).toBe('R-7');
  });
});
