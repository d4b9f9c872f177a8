import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Branch/Map',
  component: AppAt,
  args: { path: '/branch/C001-B01/map' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'The branch map with its location positions: upload or replace the map, place a location, drag or arrow-move it, delete one or all (each asks first). Editing needs PERM_EDITBRANCHMAP.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Deleting all positions asks first. */
export const Editor: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findAllByRole('button', { name: /^Position / }, { timeout: 8000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all positions' }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Delete all positions on this map?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getAllByRole('button', { name: /^Position / }).length).toBeGreaterThan(0);
  },
};

/** Without the permission the map is only shown. */
export const ReadOnly: Story = {
  beforeEach: prepareScreen('staff'),
  play: async ({ canvas }) => {
    await canvas.findAllByRole('button', { name: /^Position / }, { timeout: 8000 });
    await expect(canvas.queryByRole('button', { name: 'Delete all positions' })).toBeNull();
  },
};
