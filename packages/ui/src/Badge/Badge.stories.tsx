import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';

const meta = {
  title: 'Data/Badge',
  component: Badge,
  args: { children: 'In delivery', tone: 'indelivery' },
  parameters: {
    docs: {
      description: {
        component: 'A short status label. The text carries the meaning; colour only supports it.',
      },
    },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

const all = [
  'neutral',
  'primary',
  'success',
  'warning',
  'danger',
  'ok',
  'inaccess',
  'indelivery',
  'backorder',
  'alarming',
  'error',
  'inactive',
] as const;
const Row = () => (
  <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
    {all.map((tone) => (
      <Badge key={tone} tone={tone}>
        {tone}
      </Badge>
    ))}
  </div>
);

export const Default: Story = {};
export const Playground: Story = { args: { tone: 'warning', children: 'Backorder' } };
export const AllTones: Story = { render: () => <Row /> };
export const LongText: Story = {
  render: () => (
    <div style={{ width: 160 }}>
      <Badge tone="alarming">Alarming reach: less than two weeks of stock left</Badge>
    </div>
  ),
};
export const DarkTheme: Story = { globals: { theme: 'dark' }, render: () => <Row /> };
export const German: Story = { globals: { locale: 'de' }, args: { children: 'In Lieferung' } };
