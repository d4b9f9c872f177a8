import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { ImageGallery } from './ImageGallery';

const images = ['Entrance', 'Hall 1', 'Hall 2'].map((alt, i) => ({ id: `i${i}`, src: `${i}.png`, alt }));

describe('ImageGallery', () => {
  it('opens a lightbox and pages with the arrow keys', async () => {
    const user = userEvent.setup();
    renderUi(<ImageGallery images={images} />);
    await user.click(screen.getByRole('button', { name: 'Open image Hall 1' }));
    expect(screen.getByRole('dialog', { name: 'Hall 1' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Hall 2' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Entrance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('dialog', { name: 'Hall 2' })).toBeInTheDocument();
  });

  it('deletes an image only after confirming', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderUi(<ImageGallery images={images} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete image: Entrance' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(images[0]);
  });

  it('shows an upload zone only when uploading is allowed', () => {
    const { rerender } = renderUi(<ImageGallery images={images} />);
    expect(screen.queryByLabelText('choose files')).not.toBeInTheDocument();
    rerender(<ImageGallery images={images} onUpload={() => {}} />);
    expect(screen.getByLabelText('choose files')).toBeInTheDocument();
  });
});
