import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NumberText } from './NumberText';

const meta = {
  title: 'Data/NumberText',
  component: NumberText,
  args: { value: 1234.5 },
  parameters: {
    docs: { description: { component: 'Numbers with exactly two fraction digits in the current language.' } },
  },
} satisfies Meta<typeof NumberText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1,234.50')).toBeInTheDocument();
  },
};
export const Playground: Story = { args: { value: 12.3456, unit: 'kg' } };
export const Missing: Story = { args: { value: null } };
export const LargeNumber: Story = { args: { value: 9876543210.987, unit: 'EUR' } };
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1.234,50')).toBeInTheDocument();
  },
};
