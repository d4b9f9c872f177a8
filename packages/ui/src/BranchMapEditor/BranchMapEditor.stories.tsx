import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { svgImage } from '../internal/storyImages';
import { BranchMapEditor, type BranchMapEditorProps, type MapMarker } from './BranchMapEditor';

const initial: MapMarker[] = [
  { id: 'l1', label: 'Hall 1', x: 0.25, y: 0.35 },
  { id: 'l2', label: 'Hall 2', x: 0.7, y: 0.3 },
  { id: 'l3', label: 'Dock', x: 0.5, y: 0.8 },
];

function Controlled(props: BranchMapEditorProps) {
  const [markers, setMarkers] = useState<readonly MapMarker[]>(props.markers);
  const [placing, setPlacing] = useState(props.placing ?? null);
  return (
    <BranchMapEditor
      {...props}
      markers={markers}
      placing={placing}
      onPlace={(x, y) => {
        setMarkers([...markers, { id: `new-${markers.length}`, label: placing?.label ?? 'New', x, y }]);
        setPlacing(null);
        props.onPlace?.(x, y);
      }}
      onMove={(id, x, y) => {
        setMarkers(markers.map((m) => (m.id === id ? { ...m, x, y } : m)));
        props.onMove?.(id, x, y);
      }}
      onDelete={(id) => {
        setMarkers(markers.filter((m) => m.id !== id));
        props.onDelete?.(id);
      }}
      onDeleteAll={() => {
        setMarkers([]);
        props.onDeleteAll?.();
      }}
    />
  );
}

const meta = {
  title: 'Location/BranchMapEditor',
  component: BranchMapEditor,
  render: (args) => <Controlled {...args} />,
  args: {
    imageSrc: svgImage('Acme Berlin – site plan', 150, 1200, 700),
    imageAlt: 'Site plan of Acme Berlin',
    markers: initial,
    onPlace: fn(),
    onMove: fn(),
    onDelete: fn(),
    onDeleteAll: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'A branch map with location markers. Place a waiting location by clicking the map; drag markers, or focus one and move it with the arrow keys (Shift for bigger steps), Delete removes it; delete all asks first; zoom with the buttons and pan by scrolling. Read-only shows the markers only.',
      },
    },
  },
} satisfies Meta<typeof BranchMapEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { readOnly: false } };
export const DragMarker: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const pin = canvas.getByRole('button', { name: 'Position Hall 1' });
    const map = canvas.getByRole('img', { name: 'Site plan of Acme Berlin' });
    const box = map.getBoundingClientRect();
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: pin },
      { target: map, coords: { clientX: box.left + box.width * 0.4, clientY: box.top + box.height * 0.6 } },
      { keys: '[/MouseLeft]', target: map },
    ]);
    await waitFor(() => expect(args.onMove).toHaveBeenCalled());
    const [, x, y] = (args.onMove as ReturnType<typeof fn>).mock.lastCall as [string, number, number];
    await expect(x).toBeCloseTo(0.4, 1);
    await expect(y).toBeCloseTo(0.6, 1);
  },
};
export const KeyboardMove: Story = {
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole('button', { name: 'Position Dock' }).focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(args.onMove).toHaveBeenLastCalledWith('l3', 0.48, 0.8);
  },
};
/** A click selects a marker visibly; its deletion sits below the map, away from the zoom. */
export const SelectAndDelete: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const pin = canvas.getByRole('button', { name: 'Position Dock' });
    await userEvent.click(pin);
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Selected: Dock')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete position' }));
    await expect(args.onDelete).toHaveBeenCalledWith('l3');
  },
};
/** The map opens with the whole plan on screen; zoom in and back to "Fit to screen". */
export const FitToScreen: Story = {
  play: async ({ canvas, userEvent }) => {
    const fit = canvas.getByRole('button', { name: 'Fit to screen' });
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await expect(fit).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(fit);
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
  },
};
export const PlaceLocation: Story = { args: { placing: { label: 'Hall 3' } } };
export const DeleteAll: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all positions' }));
    await userEvent.click(canvas.getAllByRole('button', { name: 'Delete all positions' }).at(-1)!);
    await expect(args.onDeleteAll).toHaveBeenCalled();
  },
};
export const ReadOnly: Story = { args: { readOnly: true } };
export const Empty: Story = { args: { markers: [] } };
export const ManyMarkersLongLabels: Story = {
  args: {
    markers: Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`,
      label: i % 5 === 0 ? `Hochregallager Nord ${i}` : `L${i}`,
      x: 0.05 + ((i * 0.137) % 0.9),
      y: 0.1 + ((i * 0.071) % 0.85),
    })),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = { globals: { locale: 'de' } };
