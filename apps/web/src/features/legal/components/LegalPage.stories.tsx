import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Legal',
  component: AppAt,
  args: { path: '/legal-notice' },
  // Public pages: no sign-in.
  beforeEach: prepareScreen(null),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "Legal notice, privacy and terms: the portal's short texts in every language, with a link to the full document the server names.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LegalNotice: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Legal notice' }, { timeout: 8000 }),
    ).toBeVisible();
  },
};
export const Privacy: Story = { args: { path: '/privacy' } };
export const Terms: Story = { args: { path: '/terms' } };
