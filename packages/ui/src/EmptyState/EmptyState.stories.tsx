import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No containers yet', description: 'Containers appear here once they are placed on a rack.' },
  parameters: {
    docs: {
      description: {
        component: 'Shown where a list or a page has nothing to show. Texts come from the app.',
      },
    },
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {
  args: { title: 'Nothing found', description: 'Try another search term.' },
};
export const WithAction: Story = { args: { action: <Button variant="primary">Upload barcode list</Button> } };
export const LongText: Story = {
  args: {
    title: 'There are no appointments for this location in the selected month',
    description:
      'Appointments are planned by the responsible in-house staff employee. When an appointment is planned for this location it will appear in the calendar and in this list automatically.',
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Polish: Story = {
  globals: { locale: 'pl' },
  args: {
    title: 'Brak pojemników',
    description: 'Pojemniki pojawią się tutaj po umieszczeniu ich na regale.',
  },
};
