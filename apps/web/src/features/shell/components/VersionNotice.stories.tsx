import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { loadNamespaces } from '../../../lib/i18n';
import { prepareScreen } from '../../../testing/story';
import { UpdateAvailableNotice, VersionWatch } from './VersionNotice';

const meta = {
  title: 'Screens/Shell/New version',
  component: UpdateAvailableNotice,
  args: { onReload: fn() },
  beforeEach: async (context) => {
    await prepareScreen(null)(context);
    await loadNamespaces(['frame']);
  },
  parameters: {
    docs: {
      description: {
        component:
          'After a deployment (a new build, also on the same day): a tab in use shows this notice until the user reloads or pauses for 5 minutes; an idle tab reloads by itself.',
      },
    },
  },
} satisfies Meta<typeof UpdateAvailableNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The notice; its button reloads at once. */
export const ReloadAvailable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByText(/A new version of Falcon is available/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload now' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};

/** The check itself: the tab runs one build, the server serves another. */
export const AfterADeployment: Story = {
  render: () => <VersionWatch running="1f2e3d4c5b6a7980" served={async () => '0a0b0c0d0e0f1011'} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('A new version of Falcon is available');
  },
};

const servedNow = fn(async () => '1f2e3d4c5b6a7980');

/** The server serves the build this tab runs: nothing shows. */
export const UpToDate: Story = {
  render: () => <VersionWatch running="1f2e3d4c5b6a7980" served={servedNow} />,
  play: async ({ canvas }) => {
    await waitFor(() => expect(servedNow).toHaveBeenCalled());
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};
