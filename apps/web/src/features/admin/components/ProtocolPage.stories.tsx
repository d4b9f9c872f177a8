import { endpointHandler, handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/Protocol',
  component: AppAt,
  args: { path: '/admin/protocol' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'The global protocol: who did what to which object and when, filterable by user, kind, date range and location; before and after of a change on demand.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Entries in words (`ProtocolEntry.words`): who did what to which container, the container a link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Protocol' }, { timeout: 8000 });
    await expect(await canvas.findAllByRole('cell', { name: 'Sign-in' })).not.toHaveLength(0);
    await expect((await canvas.findAllByText(/^\S+ signed in$/)).length).toBeGreaterThan(0);
    const requested = (await canvas.findAllByRole('cell', { name: / requested for container KB-\d+$/ }))[0];
    await expect(requested?.querySelector('a')?.textContent).toMatch(/^KB-\d+$/);
    // Not the templates or developer words of the old summaries.
    await expect(table).not.toHaveTextContent(/\{\w+\}|\/rest\/v2|additionalorder/);
  },
};

/** The same entries in the reader's language. */
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Protokoll' }, { timeout: 8000 });
    await expect((await canvas.findAllByText(/^\S+ hat sich angemeldet$/)).length).toBeGreaterThan(0);
    await expect(
      (await canvas.findAllByRole('cell', { name: / für Behälter KB-\d+ angefordert$/ })).length,
    ).toBeGreaterThan(0);
    await expect(table).not.toHaveTextContent(/ signed in| requested for /);
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        protocol: [
          endpointHandler('protocol.list', () =>
            HttpResponse.json({ items: [], total: 0, page: 0, size: 20 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No protocol entries match.', {}, { timeout: 8000 })).toBeVisible();
  },
};
