import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, waitFor } from 'storybook/test';
import { makeRacks } from './fixtures';
import { type Rack, RackShelfGrid, type RackShelfGridProps } from './RackShelfGrid';

function Controlled(props: RackShelfGridProps) {
  const [racks, setRacks] = useState<readonly Rack[]>(props.racks);
  const [selected, setSelected] = useState(props.selectedId ?? null);
  return (
    <RackShelfGrid
      {...props}
      racks={racks}
      selectedId={selected}
      onSelectContainer={(container, where) => {
        setSelected(container.id);
        props.onSelectContainer?.(container, where);
      }}
      onReorderRacks={(ids) => {
        setRacks(ids.map((id) => racks.find((rack) => rack.id === id)!));
        props.onReorderRacks?.(ids);
      }}
    />
  );
}

const meta = {
  title: 'Location/RackShelfGrid',
  component: RackShelfGrid,
  render: (args) => <Controlled {...args} />,
  args: {
    racks: makeRacks(6, 5, 3, (r) => (r % 3 === 2 ? 3 : 5)),
    onSelectContainer: fn(),
    onReorderRacks: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          "A location's racks as columns and shelves as rows; each place is coloured by its container's state (the legend above names every colour, a search hit and the chosen container). Shelf names start each rack's rows, place numbers head its columns; names show on two lines, the full text in the title, the accessible name and the line under the grid (hover or keyboard focus). Over 3 racks: a \"Go to rack\" field and an overview of all racks (click, or arrow and Page keys, to scroll there). Racks are virtualised horizontally, so 5,000 containers scroll smoothly. Keyboard: Tab enters the grid once, arrows move between places (across racks), Page Up/Down a rack, Home/End and Ctrl+Home/End jump, Enter or Space selects. `markedIds` marks search hits; `fill` fills the parent's height; `editable` adds move buttons to each rack header.",
      },
    },
  },
} satisfies Meta<typeof RackShelfGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('gridcell', { name: /Rack R01, Shelf 1, Place 1: K10000/ }));
    await expect(args.onSelectContainer).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'K10000' }),
      expect.anything(),
    );
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    await expect(args.onSelectContainer).toHaveBeenLastCalledWith(
      expect.objectContaining({ code: 'K10004' }),
      expect.anything(),
    );
  },
};

export const Playground: Story = { args: { editable: false, showLegend: true, maxShelves: 6 } };

export const EditLayout: Story = {
  args: { editable: true },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Move rack right: R01/ }));
    await expect(args.onReorderRacks).toHaveBeenCalled();
    await expect(canvas.getAllByRole('columnheader')[1]).toHaveTextContent('R01');
  },
};

export const ManyContainers: Story = {
  name: 'Many items (5,000 containers)',
  args: { racks: makeRacks(100, 10, 5) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvasElement.querySelectorAll('[role="gridcell"]').length).toBeLessThan(600);
    canvas.getAllByRole('gridcell')[0]!.focus();
    // The last rack is far outside the view: the grid scrolls it in and moves focus there.
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Rack R100, Shelf 10, Place 5/));
  },
};

export const Empty: Story = { args: { racks: [] } };

export const LongTexts: Story = {
  args: {
    racks: makeRacks(3, 2, 2).map((rack, i) => ({
      ...rack,
      name: `Hochregal Nordseite Gang ${i + 1} – Kleinteile und Verbrauchsmaterial`,
    })),
  },
};

export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { selectedId: 'c-3' } };

export const Polish: Story = {
  globals: { locale: 'pl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Legenda' })).toHaveTextContent('W dostawie');
  },
};

/**
 * Racks can be chosen (`onSelectRack`): each header is a button that opens the rack's actions, and a
 * rack's `note` (here when it was last serviced) shows under its name and is part of its accessible name.
 */
export const ChoosableRacks: Story = {
  args: {
    racks: makeRacks(4, 4, 3).map((rack, i) =>
      i % 2 === 0 ? { ...rack, note: `Handled 1${i}/11/2026 by clerk` } : rack,
    ),
    onSelectRack: fn(),
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Rack R01\W+Handled 10\/11\/2026 by clerk$/ }));
    await expect(args.onSelectRack).toHaveBeenCalledWith(expect.objectContaining({ id: 'rack-1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Rack R02' }));
    await expect(args.onSelectRack).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'rack-2' }));
  },
};

/** Zentrallager's size: 118 racks of 8 shelves with up to 11 places, search hits marked. */
const big = makeRacks(118, 8, 11, (r) => (r % 5 === 0 ? 5 : 8));
const hits = new Set(['c-12', 'c-300', 'c-4242', 'c-9000']);

/** "Go to rack": typing a rack's name (or its number) scrolls it into view and focuses its first place. */
export const JumpToRack: Story = {
  name: '118 racks: go to rack',
  args: { racks: big, maxShelves: 8, markedIds: hits },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('columnheader', { name: /Rack R97/ })).not.toBeInTheDocument();
    await userEvent.type(canvas.getByRole('combobox', { name: 'Go to rack' }), '97{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Rack R97, Shelf 1, Place 1:/));
    await expect(canvas.getByRole('columnheader', { name: /Rack R97/ })).toBeVisible();
    // The status line under the grid shows the focused place in full.
    await waitFor(() =>
      expect(canvasElementText(canvas.getByRole('grid'))).toMatch(/^Rack R97, Shelf 1, Place 1: /),
    );
    await userEvent.clear(canvas.getByRole('combobox', { name: 'Go to rack' }));
    await userEvent.type(canvas.getByRole('combobox', { name: 'Go to rack' }), 'Z1{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('No rack named “Z1”');
  },
};

/** The text of the status line that follows the grid's scroll area. */
function canvasElementText(grid: HTMLElement): string {
  return grid.parentElement?.nextElementSibling?.textContent ?? '';
}

/** The overview: a click scrolls the grid there; as a slider, End goes to the last rack. */
export const OverviewClick: Story = {
  name: '118 racks: overview',
  args: { racks: big, maxShelves: 8, markedIds: hits, selectedId: 'c-5000' },
  play: async ({ canvas, userEvent }) => {
    const overview = canvas.getByRole('slider', { name: 'Overview of all racks' });
    const scroller = canvas.getByRole('grid').parentElement!;
    const box = overview.getBoundingClientRect();
    // Click at three quarters: the grid shows the racks around 3/4 of the way (about R88).
    fireEvent.click(overview, { clientX: box.left + box.width * 0.75, clientY: box.top + 5 });
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(0));
    const share = (scroller.scrollLeft + scroller.clientWidth / 2) / scroller.scrollWidth;
    await expect(Math.abs(share - 0.75)).toBeLessThan(0.02);
    await waitFor(() =>
      expect(canvas.getAllByRole('columnheader').some((h) => /R8\d|R9\d/.test(h.textContent ?? ''))).toBe(
        true,
      ),
    );
    overview.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(overview).toHaveAttribute('aria-valuetext', expect.stringMatching(/Rack R11\d/)),
    );
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(overview).toHaveAttribute('aria-valuenow', '1'));
  },
};

/** Search hits (a dark ring and dot) and the chosen container (a blue ring), both in the legend. */
export const Marks: Story = {
  args: { racks: makeRacks(6, 5, 3), markedIds: new Set(['c-1', 'c-7', 'c-21']), selectedId: 'c-4' },
  play: async ({ canvasElement, canvas }) => {
    const marked = [...canvasElement.querySelectorAll('[role="gridcell"][data-marked]')].map(
      (c) => c.textContent,
    );
    await expect(marked).toEqual(['K10001', 'K10007', 'K10021']);
    await expect(canvas.getByRole('gridcell', { selected: true })).toHaveTextContent('K10004');
    const legend = canvas.getByRole('list', { name: 'Legend' });
    await expect(legend).toHaveTextContent('Search hit');
    await expect(legend).toHaveTextContent('Chosen container');
  },
};

/** The chosen container far away (chosen in the results): the grid scrolls it into view. */
export const ChosenFarAway: Story = {
  name: '118 racks: chosen container comes into view',
  args: { racks: big, maxShelves: 8, selectedId: big[100]!.shelves[2]!.places[3]!.id },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('gridcell', { selected: true })).toBeVisible());
    await expect(canvas.getByRole('columnheader', { name: /Rack R101/ })).toBeInTheDocument();
  },
};

/** Filling a fixed-height parent: the toolbar and overview stay, the grid scrolls both ways under its header. */
export const FillsItsParent: Story = {
  args: { racks: big, maxShelves: 8, fill: true },
  decorators: [
    (Story) => <div style={{ height: 320, display: 'flex', flexDirection: 'column' }}>{Story()}</div>,
  ],
  play: async ({ canvas }) => {
    const scroller = canvas.getByRole('grid').parentElement!;
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
    scroller.scrollTop = 200;
    await waitFor(() => expect(canvas.getAllByRole('columnheader')[0]).toBeVisible());
  },
};

export const Hungarian: Story = {
  globals: { locale: 'hu' },
  args: { racks: big, maxShelves: 8, markedIds: hits, selectedId: 'c-12' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Ugrás állványra' })).toBeInTheDocument();
    await expect(canvas.getByRole('slider', { name: 'Az összes állvány áttekintése' })).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Jelmagyarázat' })).toHaveTextContent('Keresési találat');
  },
};
