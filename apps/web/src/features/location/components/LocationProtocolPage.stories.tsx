import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Location/Protocol',
  component: AppAt,
  args: { path: '/location/C001-B01-L01/protocol' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: { component: 'Who changed or requested what at this location, newest first, paged.' },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Protocol' }, { timeout: 8000 });
    // Entries in words (`ProtocolEntry.words`), each container a link to its place in this location.
    const requested = (await canvas.findAllByRole('cell', { name: / requested for container KB-\d+$/ }))[0];
    await expect(requested?.querySelector('a')?.getAttribute('href')).toMatch(
      /^\/location\/C001-B01-L01\?container=/,
    );
    await expect(table).not.toHaveTextContent(/\{\w+\}|\/rest\/v2/);
  },
};
