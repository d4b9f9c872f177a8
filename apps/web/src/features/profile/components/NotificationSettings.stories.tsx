import { endpointHandler, errorHandler, handlers, loadingHandler } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

/** The profile's e-mail notifications section, on the Profile screen (staff is U005, backoffice U002). */
const meta = {
  title: 'Screens/Profile/Notifications',
  component: AppAt,
  args: { path: '/profile/U005' },
  beforeEach: prepareScreen('staff'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'Each e-mail notification on or off (a request to review: reviewers only; an own request decided; the daily digest of alarming containers), the address they go to, and a note when the server sends no mail.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const heading = await canvas.findByRole('heading', { name: 'E-mail notifications' }, { timeout: 8000 });
  return within(heading.closest('section') as HTMLElement);
};

const preferences = (over: object) =>
  endpointHandler('notifications.get', () =>
    HttpResponse.json({
      requestArrived: true,
      requestDecided: true,
      dailyDigest: true,
      email: 'jana.keller@example.com',
      delivery: 'smtp',
      ...over,
    }),
  );

/** Customer staff: no review inbox, so no "request arrives"; switching one off and saving keeps it. */
export const Default: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const card = await section(canvasElement);
    await expect(await card.findByText('Falcon sends them to jana.keller@example.com.')).toBeVisible();
    await expect(card.queryByRole('checkbox', { name: 'A request arrives for me to review' })).toBeNull();
    const digest = card.getByRole('checkbox', {
      name: 'Daily digest of alarming containers at my locations',
    });
    await expect(digest).toBeChecked();
    const save = card.getByRole('button', { name: 'Save notifications' });
    await expect(save).toBeDisabled();
    await userEvent.click(digest);
    await userEvent.click(save);
    // Saved (the toast fades in, so it is looked for, not at): the form starts again from what was stored.
    await expect(await within(canvasElement).findByText('Notifications saved.')).toBeInTheDocument();
    await waitFor(() => expect(card.getByRole('button', { name: 'Save notifications' })).toBeDisabled());
    await expect(card.getByRole('checkbox', { name: /^Daily digest/ })).not.toBeChecked();
  },
};

/** A clerk reviews requests: the first kind is offered too. */
export const Reviewer: Story = {
  args: { path: '/profile/U002' },
  beforeEach: prepareScreen('backoffice'),
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(
      await card.findByRole('checkbox', { name: 'A request arrives for me to review' }),
    ).toBeChecked();
  },
};

export const NoEmailAddress: Story = {
  parameters: { msw: { handlers: { ...handlers, notifications: [preferences({ email: null })] } } },
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(await card.findByText(/^Your profile has no e-mail address/)).toBeVisible();
  },
};

/** Without an SMTP server outside production: the note links the developers' mailbox. */
export const DevelopersMailbox: Story = {
  parameters: { msw: { handlers: { ...handlers, notifications: [preferences({ delivery: 'dev' })] } } },
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(await card.findByRole('link', { name: "Open the developers' mailbox" })).toHaveAttribute(
      'href',
      '/dev/mail',
    );
  },
};

export const MailOff: Story = {
  parameters: { msw: { handlers: { ...handlers, notifications: [preferences({ delivery: 'off' })] } } },
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(await card.findByText(/^This server sends no e-mail/)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { ...handlers, notifications: [loadingHandler('notifications.get')] } } },
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(card.queryByRole('checkbox')).toBeNull();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { ...handlers, notifications: [errorHandler('notifications.get', 500)] } } },
  play: async ({ canvasElement }) => {
    const card = await section(canvasElement);
    await expect(await card.findByText('The notification settings could not be loaded.')).toBeVisible();
  },
};
