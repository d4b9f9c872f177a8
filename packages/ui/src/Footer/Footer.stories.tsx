import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  args: {
    links: [
      { label: 'Legal notice', href: 'https://example.com/legal' },
      { label: 'Privacy', href: 'https://example.com/privacy' },
      { label: 'Terms and conditions', href: 'https://example.com/terms' },
    ],
    copyright: '© 2025',
    buildTimestamp: '2025-08-31T00:00:00Z',
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component: 'Links from the server (opened in a new tab), the copyright line and the build date.',
      },
    },
  },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const NoLinks: Story = { args: { links: [] } };
export const LongTexts: Story = {
  args: {
    links: Array.from({ length: 8 }, (_, i) => ({
      label: `Allgemeine Geschäftsbedingungen Teil ${i + 1}`,
      href: `https://example.com/${i}`,
    })),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  args: { links: [{ label: 'Impressum', href: 'https://example.com/impressum' }] },
};
