import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Splitter, type SplitterProps } from './Splitter';

/** Two areas side by side, the right one sized by the bar (as the location screen's container panel). */
function Columns(props: SplitterProps) {
  const [width, setWidth] = useState(props.value);
  return (
    <div style={{ display: 'flex', height: 200, border: '1px dashed #999' }}>
      <div style={{ flex: 1, padding: 8 }}>Grid and results</div>
      <Splitter
        {...props}
        value={width}
        onChange={(next) => {
          setWidth(next);
          props.onChange(next);
        }}
      />
      <div id="panel" style={{ width, padding: 8, background: '#eef' }}>
        Container panel ({Math.round(width)} px)
      </div>
    </div>
  );
}

const meta = {
  title: 'Layout/Splitter',
  component: Splitter,
  render: (args) => <Columns {...args} />,
  args: {
    orientation: 'vertical',
    label: 'Width of the container details',
    value: 360,
    min: 300,
    max: 600,
    direction: -1,
    controls: 'panel',
    onChange: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'A bar between two areas that resizes them: drag it, or focus it and use the arrow keys (Shift for five steps, Home/End to the ends). An ARIA separator with its value. `direction: -1` when the sized area is right of (or below) the bar.',
      },
    },
  },
} satisfies Meta<typeof Splitter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The keyboard: Left widens a right-hand panel, Right narrows it, End and Home go to the limits. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const bar = canvas.getByRole('separator', { name: 'Width of the container details' });
    await userEvent.tab();
    await expect(bar).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith(376);
    await expect(bar).toHaveAttribute('aria-valuenow', '376');
    await userEvent.keyboard('{End}');
    await expect(bar).toHaveAttribute('aria-valuenow', '600');
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await expect(bar).toHaveAttribute('aria-valuenow', '520');
    await userEvent.keyboard('{Home}');
    await expect(bar).toHaveAttribute('aria-valuenow', '300');
  },
};

/** A drag of the pointer: 50 px to the left makes the right panel 50 px wider. */
export const Drag: Story = {
  play: async ({ canvas, args }) => {
    const bar = canvas.getByRole('separator');
    const box = bar.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    bar.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, clientX: x, clientY: y, pointerId: 1 }),
    );
    bar.dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, clientX: x - 50, clientY: y, pointerId: 1 }),
    );
    bar.dispatchEvent(
      new PointerEvent('pointerup', { bubbles: true, clientX: x - 50, clientY: y, pointerId: 1 }),
    );
    await expect(args.onChange).toHaveBeenLastCalledWith(410);
  },
};

/** Between two rows (the rack grid over the results): the value is a share in per cent. */
export const Rows: Story = {
  args: {
    orientation: 'horizontal',
    label: 'Height of the rack grid',
    value: 60,
    min: 20,
    max: 80,
    step: 4,
    direction: 1,
  },
  render: (args) => (
    <div style={{ height: 300, display: 'flex', flexDirection: 'column' }}>
      <div id="panel" style={{ flex: args.value }}>
        Rack grid
      </div>
      <Splitter {...args} />
      <div style={{ flex: 100 - args.value }}>Results</div>
    </div>
  ),
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole('separator').focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(64);
  },
};
