import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { BranchMapEditor, type BranchMapEditorProps } from './BranchMapEditor';

const markers = [
  { id: 'l1', label: 'Hall 1', x: 0.2, y: 0.3 },
  { id: 'l2', label: 'Hall 2', x: 0.995, y: 0.5 },
];

function setup(props: Partial<BranchMapEditorProps> = {}) {
  const handlers = { onMove: vi.fn(), onDelete: vi.fn(), onDeleteAll: vi.fn(), onPlace: vi.fn() };
  renderUi(
    <BranchMapEditor
      imageSrc="map.png"
      imageAlt="Map of Acme Berlin"
      markers={markers}
      {...handlers}
      {...props}
    />,
  );
  return { user: userEvent.setup(), ...handlers };
}

describe('BranchMapEditor', () => {
  it('moves a focused marker with the arrow keys, 1 % a step and 5 % with Shift, inside the map', async () => {
    const { user, onMove } = setup();
    screen.getByRole('button', { name: 'Position Hall 1' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onMove).toHaveBeenLastCalledWith('l1', 0.21, 0.3);
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(onMove.mock.lastCall![2]).toBeCloseTo(0.25);
    screen.getByRole('button', { name: 'Position Hall 2' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onMove).toHaveBeenLastCalledWith('l2', 1, 0.5);
  });

  it('deletes the focused marker with Delete', async () => {
    const { user, onDelete } = setup();
    screen.getByRole('button', { name: 'Position Hall 2' }).focus();
    await user.keyboard('{Delete}');
    expect(onDelete).toHaveBeenCalledWith('l2');
  });

  it('asks before deleting all positions', async () => {
    const { user, onDeleteAll } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete all positions' }));
    expect(onDeleteAll).not.toHaveBeenCalled();
    expect(
      screen.getByRole('alertdialog', { name: 'Delete all positions on this map?' }),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Delete all positions' }).at(-1)!);
    expect(onDeleteAll).toHaveBeenCalled();
  });

  it('places a waiting location where the map is clicked', () => {
    const { onPlace } = setup({ placing: { label: 'Hall 3' } });
    const image = screen.getByRole('img', { name: 'Map of Acme Berlin' });
    vi.spyOn(image.parentElement!, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 200));
    fireEvent.click(image, { clientX: 100, clientY: 150 });
    expect(onPlace).toHaveBeenCalledWith(0.25, 0.75);
  });

  it('opens with the whole plan on screen, zooms in steps and fits again', async () => {
    const { user } = setup();
    const fit = screen.getByRole('button', { name: 'Fit to screen' });
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('200 %')).toBeInTheDocument();
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    await user.click(fit);
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('marks a clicked marker as selected and offers to delete it below the map, away from the zoom', async () => {
    const { user, onDelete, onMove } = setup();
    const pin = screen.getByRole('button', { name: 'Position Hall 2' });
    await user.click(pin);
    expect(pin).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Position Hall 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Selected: Hall 2')).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
    const toolbar = screen.getByRole('button', { name: 'Zoom in' }).parentElement!;
    const remove = screen.getByRole('button', { name: 'Delete position' });
    expect(toolbar).not.toContainElement(remove);
    expect(toolbar).not.toContainElement(screen.getByRole('button', { name: 'Delete all positions' }));
    await user.click(remove);
    expect(onDelete).toHaveBeenCalledWith('l2');
  });

  it('moves a marker dragged with the mouse', () => {
    const { onMove } = setup();
    const pin = screen.getByRole('button', { name: 'Position Hall 1' });
    const canvas = screen.getByRole('img', { name: 'Map of Acme Berlin' }).parentElement!;
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 200));
    fireEvent.pointerDown(pin, { clientX: 80, clientY: 60 });
    fireEvent.pointerMove(canvas, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(canvas, { clientX: 200, clientY: 100 });
    expect(onMove).toHaveBeenCalledWith('l1', 0.5, 0.5);
  });

  it('read-only shows markers without editing', async () => {
    const { user, onMove } = setup({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'Delete all positions' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Position Hall 1' }).focus();
    await user.keyboard('{ArrowRight}{Delete}');
    expect(onMove).not.toHaveBeenCalled();
  });
});
