import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Dashboard',
  component: AppAt,
  args: { path: '/' },
  beforeEach: prepareScreen('backoffice'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "The start page: the user's locations by alarming count, their own open requests and, for a reviewer, the requests to review: those assigned to them when they are linked to an employee (the inbox as it opens), else all in their scope.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A clerk linked to an employee: the count is what is assigned to them. */
export const Reviewer: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Assigned to me to review', {}, { timeout: 8000 })).toBeVisible();
  },
};

/** An administrator is linked to no employee: the count is everything in scope. */
export const Administrator: Story = {
  beforeEach: prepareScreen('admin'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Requests to review', {}, { timeout: 8000 })).toBeVisible();
  },
};
