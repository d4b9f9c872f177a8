import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  parameters: {
    docs: {
      description: { component: 'Placeholder shapes while content loads. Hidden from screen readers.' },
    },
  },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { width: '240px', height: '20px', radius: 'md' } };
export const TextLines: Story = { args: { lines: 4 } };
export const Card: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', maxWidth: 360 }}>
      <Skeleton width="48px" height="48px" radius="pill" />
      <div style={{ flex: 1 }}>
        <Skeleton lines={2} />
      </div>
    </div>
  ),
};
export const DarkTheme: Story = { globals: { theme: 'dark' }, args: { lines: 3 } };
