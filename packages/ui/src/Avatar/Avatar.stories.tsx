import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Data/Avatar',
  component: Avatar,
  args: { name: 'Katarzyna Wiśniewska' },
  parameters: { docs: { description: { component: 'Initials of a person (first and last name).' } } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Katarzyna Wiśniewska' })).toHaveTextContent('KW');
  },
};
export const Playground: Story = { args: { size: 'lg', initials: 'AD' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
};
export const LongName: Story = {
  args: { name: 'Maximilian Alexander Friedrich von Hohenberg-Schwarzenstein' },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Hungarian: Story = { globals: { locale: 'hu' }, args: { name: 'Éva Kovács' } };
