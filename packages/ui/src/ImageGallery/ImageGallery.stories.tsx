import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { svgImage } from '../internal/storyImages';
import { ImageGallery } from './ImageGallery';

const images = ['Entrance', 'Hall 1', 'Hall 2', 'Loading dock', 'Rack R03'].map((alt, i) => ({
  id: `img-${i}`,
  src: svgImage(alt, 190 + i * 30),
  alt,
  caption: `2025-08-${String(10 + i).padStart(2, '0')}`,
}));

const meta = {
  title: 'Location/ImageGallery',
  component: ImageGallery,
  args: { images, onUpload: fn(), onDelete: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Location pictures with a lightbox (buttons or arrow keys page through). Upload and delete appear only when their callbacks are given (the user’s permissions); delete asks first.',
      },
    },
  },
} satisfies Meta<typeof ImageGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open image Hall 1' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('dialog', { name: 'Hall 2' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};
export const Playground: Story = {};
export const ReadOnly: Story = { args: { onUpload: undefined, onDelete: undefined } };
export const Loading: Story = { args: { images: [], loading: true } };
export const Empty: Story = { args: { images: [], emptyTitle: 'No pictures of this location yet' } };
export const ManyItems: Story = {
  args: {
    images: Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`,
      src: svgImage(`#${i + 1}`, (i * 37) % 360, 320, 240),
      alt: `Picture ${i + 1}`,
    })),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Polish: Story = { globals: { locale: 'pl' } };
