import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Concern/Detail',
  component: AppAt,
  args: { path: '/concern/C001' },
  beforeEach: prepareScreen('kdadmin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          'A concern: its branches (opening one selects it), a container search over the whole concern (filters, sorting, paging and Excel export, as on a location), and its in-house staff and field service employees.',
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('table', { name: 'Branches' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  },
};

/** The concern-wide container search and its export confirmation. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Containers of this concern' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const results = await canvas.findByRole('table', { name: 'Search results' });
    await expect((await within(results).findAllByRole('link')).length).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Export to Excel' }));
    await expect(
      await within(document.body).findByRole('alertdialog', { name: 'Export to Excel?' }),
    ).toHaveTextContent('The current search results of this concern are exported');
  },
};

export const Contacts: Story = {
  args: { path: '/concern/C001/contacts' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Field service', {}, { timeout: 8000 })).toBeInTheDocument();
  },
};
