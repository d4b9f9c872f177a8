import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
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
          "A location's racks as columns and shelves as rows; each place is coloured by its container's state (legend below). The height follows `maxShelves`. Racks are virtualised horizontally, so 5,000 containers scroll smoothly. Keyboard: Tab enters the grid once, arrows move between places (across racks), Home/End and Ctrl+Home/End jump, Enter or Space selects. `editable` adds move buttons to each rack header for the rack layout.",
      },
    },
  },
} satisfies Meta<typeof RackShelfGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('gridcell', { name: /Rack R01, Shelf 1: K10000/ }));
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
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Rack R100, Shelf 10/));
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
