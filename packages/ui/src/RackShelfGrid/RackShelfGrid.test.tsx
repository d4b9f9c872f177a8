import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { makeRacks } from './fixtures';
import { findRack, RackShelfGrid } from './RackShelfGrid';

// jsdom has no layout: give the scroll area a browser-like width.
const withWidth = (px: number) => vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(px);

describe('RackShelfGrid', () => {
  it('shows racks as columns and as many shelf rows as maxShelves', () => {
    withWidth(1200);
    renderUi(<RackShelfGrid racks={makeRacks(3, 4, 2, (r) => (r === 1 ? 6 : 4))} />);
    const grid = screen.getByRole('grid', { name: 'Racks and shelves' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rack R01', 'Rack R02', 'Rack R03']);
    // Header row plus the highest shelf count (6), though two racks have only 4 shelves.
    expect(within(grid).getAllByRole('row')).toHaveLength(7);
    expect(grid).toHaveAttribute('aria-rowcount', '7');
  });

  it('names each place with rack, shelf, code and state, and shows a legend of all states', () => {
    withWidth(1200);
    renderUi(<RackShelfGrid racks={makeRacks(1, 1, 7)} />);
    expect(
      screen.getByRole('gridcell', { name: 'Rack R01, Shelf 1, Place 1: K10000, In stock, Article 0' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('gridcell', { name: 'Rack R01, Shelf 1, Place 7: Empty place' }),
    ).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['In stock', 'In access', 'In delivery', 'Backorder', 'Alarming reach', 'Error', 'Inactive']);
  });

  it('moves with the arrow keys across racks and selects with Enter', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(<RackShelfGrid racks={makeRacks(2, 3, 2)} onSelectContainer={onSelect} />);
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/^Rack R01, Shelf 1, Place 1: K10000/);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Rack R02, Shelf 1, Place 1: Empty place');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R02, Shelf 2, Place 1/);
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'K10008' }),
      expect.objectContaining({ rack: expect.objectContaining({ name: 'R02' }) }),
    );
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R02, Shelf 3, Place 2/);
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R01, Shelf 3, Place 1/);
    await user.keyboard('{ArrowLeft}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R01, Shelf 1, Place 1: K10000/);
  });

  it('keeps one tab stop in the grid and marks the selected container', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    renderUi(<RackShelfGrid racks={makeRacks(2, 2, 2)} selectedId="c-1" />);
    const cells = screen.getAllByRole('gridcell');
    expect(cells.filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('gridcell', { selected: true })).toHaveTextContent('K10001');
    await user.click(cells[3]!);
    expect(cells.filter((cell) => cell.tabIndex === 0)).toEqual([cells[3]]);
  });

  it('does not call back for an empty place', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(<RackShelfGrid racks={makeRacks(1, 1, 7)} onSelectContainer={onSelect} />);
    await user.click(screen.getByRole('gridcell', { name: /Empty place/ }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('renders only the racks in view: 5,000 containers stay light', () => {
    withWidth(1200);
    const { container } = renderUi(<RackShelfGrid racks={makeRacks(100, 10, 5)} />);
    // Counted by selector: role queries over thousands of styled nodes are slow in jsdom.
    expect(container.querySelectorAll('[role="columnheader"]').length).toBeLessThan(10);
    expect(container.querySelectorAll('[role="gridcell"]').length).toBeLessThan(500);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-colcount', '500');
  });

  it('in edit mode moves racks left and right', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    const onReorder = vi.fn();
    renderUi(<RackShelfGrid racks={makeRacks(3, 1, 1)} editable onReorderRacks={onReorder} />);
    expect(screen.getByRole('button', { name: 'Move rack left: R01' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move rack right: R01' }));
    expect(onReorder).toHaveBeenCalledWith(['rack-2', 'rack-1', 'rack-3']);
    await user.click(screen.getByRole('button', { name: 'Move rack left: R03' }));
    expect(onReorder).toHaveBeenLastCalledWith(['rack-1', 'rack-3', 'rack-2']);
  });

  it('has no move buttons outside edit mode', () => {
    withWidth(1200);
    renderUi(<RackShelfGrid racks={makeRacks(3, 1, 1)} />);
    expect(screen.queryByRole('button', { name: /Move rack/ })).not.toBeInTheDocument();
  });

  it('offers each rack as a button with its note when racks can be chosen', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    const onSelectRack = vi.fn();
    const racks = makeRacks(2, 1, 1).map((rack, i) => (i === 1 ? { ...rack, note: 'Handled 3 Nov' } : rack));
    renderUi(<RackShelfGrid racks={racks} onSelectRack={onSelectRack} />);
    expect(screen.getByText('Handled 3 Nov')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Rack R02\W+Handled 3 Nov$/ }));
    expect(onSelectRack).toHaveBeenCalledWith(expect.objectContaining({ id: 'rack-2' }));
  });

  it('shows racks as plain headers when they cannot be chosen', () => {
    withWidth(1200);
    renderUi(<RackShelfGrid racks={makeRacks(2, 1, 1)} />);
    expect(screen.queryByRole('button', { name: /Rack R01/ })).not.toBeInTheDocument();
  });

  it('jumps to a rack typed in "Go to rack": its first place takes the focus; an unknown name says so', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    renderUi(<RackShelfGrid racks={makeRacks(3, 2, 2)} showJump />);
    const field = screen.getByRole('combobox', { name: 'Go to rack' });
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(document.activeElement).toHaveAccessibleName(/^Rack R03, Shelf 1, Place 1:/);
    await user.clear(field);
    await user.type(field, 'X9{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No rack named “X9”');
  });

  it('finds a rack by its name, by "Rack name", by its number, or by the start of its name', () => {
    const racks = makeRacks(12, 1, 1);
    const word = (name: string) => `Rack ${name}`;
    expect(findRack(racks, 'R07', word)).toBe(6);
    expect(findRack(racks, 'rack r11', word)).toBe(10);
    expect(findRack(racks, '7', word)).toBe(6);
    expect(findRack(racks, 'R1', word)).toBe(9);
    expect(findRack(racks, 'nothing', word)).toBe(-1);
    expect(findRack(racks, '  ', word)).toBe(-1);
  });

  it('marks search hits and the chosen container in the grid, with both signs in the legend', () => {
    withWidth(1200);
    renderUi(
      <RackShelfGrid racks={makeRacks(2, 2, 3)} markedIds={new Set(['c-1', 'c-4'])} selectedId="c-2" />,
    );
    const marked = [...document.querySelectorAll('[role="gridcell"][data-marked]')].map((c) => c.textContent);
    expect(marked).toEqual(['K10001', 'K10004']);
    expect(screen.getByRole('gridcell', { selected: true })).toHaveTextContent('K10002');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Search hit')).toBeInTheDocument();
    expect(within(legend).getByText('Chosen container')).toBeInTheDocument();
  });

  it('shows shelf names and place numbers, and the focused place in full under the grid', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    renderUi(<RackShelfGrid racks={makeRacks(1, 2, 3)} />);
    const grid = screen.getByRole('grid');
    expect(grid.querySelector('.rack-place-numbers')?.textContent).toBe('123');
    expect([...grid.querySelectorAll('.rack-shelf-label')].map((l) => l.textContent)).toEqual(['1', '2']);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/^Rack R01, Shelf 1, Place 1:/);
    expect(
      screen.getByText('Rack R01, Shelf 1, Place 1: K10000, In stock, Article 0', { selector: 'p' }),
    ).toBeVisible();
  });

  it('moves a whole rack with Page Down and Page Up', async () => {
    withWidth(1200);
    const user = userEvent.setup();
    renderUi(<RackShelfGrid racks={makeRacks(5, 2, 3)} showJump={false} showOverview={false} />);
    await user.tab();
    await user.keyboard('{ArrowRight}{PageDown}{PageDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R03, Shelf 1, Place 2:/);
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toHaveAccessibleName(/^Rack R02, Shelf 1, Place 2:/);
  });

  it('offers the overview of all racks as a slider for many racks only', () => {
    withWidth(1200);
    const { unmount } = renderUi(<RackShelfGrid racks={makeRacks(3, 1, 1)} />);
    expect(screen.queryByRole('slider', { name: 'Overview of all racks' })).not.toBeInTheDocument();
    unmount();
    renderUi(<RackShelfGrid racks={makeRacks(118, 1, 1)} />);
    const overview = screen.getByRole('slider', { name: 'Overview of all racks' });
    expect(overview).toHaveAttribute('aria-valuemax', '118');
  });
});
