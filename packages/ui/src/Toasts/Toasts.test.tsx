import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { type ToastOptions, ToastProvider, useToast } from './Toasts';

function Trigger({ toasts }: { toasts: ToastOptions[] }) {
  const { show } = useToast();
  return (
    <button type="button" onClick={() => toasts.forEach(show)}>
      notify
    </button>
  );
}

function setup(toasts: ToastOptions[], props: { duration?: number } = {}) {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  renderUi(
    <ToastProvider {...props}>
      <Trigger toasts={toasts} />
    </ToastProvider>,
  );
  const region = screen.getByRole('region', { name: 'Notifications' });
  return { user, region, notify: () => user.click(screen.getByRole('button', { name: 'notify' })) };
}

const titles = (region: HTMLElement) =>
  within(region)
    .queryAllByText(/^Saved/)
    .map((el) => el.textContent);

describe('Toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('vanishes after 2000 ms by default', async () => {
    const { region, notify } = setup([{ title: 'Saved', text: 'The user was saved.' }]);
    await notify();
    expect(within(region).getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1999));
    expect(within(region).getByText('The user was saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region).queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps an error until it is closed; information beside it still goes after 2000 ms', async () => {
    const { user, region, notify } = setup([
      {
        type: 'error',
        title: 'Saved? No: the file type is refused',
        text: 'Accepted: PNG, JPEG up to 5 MB.',
      },
      { title: 'Saved draft' },
    ]);
    await notify();
    act(() => vi.advanceTimersByTime(60_000));
    const alert = within(region).getByRole('alert');
    expect(alert).toHaveTextContent('Accepted: PNG, JPEG up to 5 MB.');
    expect(within(region).queryByText('Saved draft')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets an error go on its own only when a duration is given', async () => {
    const { region, notify } = setup([{ type: 'error', title: 'Saved late', duration: 3000 }]);
    await notify();
    act(() => vi.advanceTimersByTime(3000));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts below a header when given its height, so it never covers the user menu', () => {
    renderUi(<ToastProvider offsetTop={60}>{null}</ToastProvider>);
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveStyle({ top: 'calc(60px + 16px)' });
  });

  it('honours a duration per toast', async () => {
    const { region, notify } = setup([{ title: 'Saved', duration: 5000 }]);
    await notify();
    act(() => vi.advanceTimersByTime(4999));
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region).queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows at most 3 at once: a fourth pushes out the oldest', async () => {
    const { region, notify } = setup([
      { title: 'Saved 1' },
      { title: 'Saved 2' },
      { title: 'Saved 3' },
      { title: 'Saved 4' },
    ]);
    await notify();
    expect(titles(region)).toEqual(['Saved 2', 'Saved 3', 'Saved 4']);
  });

  it('closes on its close button and on a click anywhere on it', async () => {
    const { user, region, notify } = setup([{ title: 'Saved A' }, { title: 'Saved B' }]);
    await notify();
    const [first, second] = within(region).getAllByRole('status');
    await user.click(within(first!).getByRole('button', { name: 'Close' }));
    expect(titles(region)).toEqual(['Saved B']);
    await user.click(within(second!).getByText('Saved B'));
    expect(titles(region)).toEqual([]);
  });

  it('offers one follow-up action that runs and closes the toast', async () => {
    const onClick = vi.fn();
    const { user, region, notify } = setup([
      { title: 'Saved export', text: 'Excel export started', action: { label: 'Open exports', onClick } },
    ]);
    await notify();
    await user.click(within(region).getByRole('button', { name: 'Open exports' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(titles(region)).toEqual([]);
  });

  it('announces errors assertively and labels the type for screen readers', async () => {
    const { region, notify } = setup([{ type: 'error', title: 'Upload failed' }]);
    await notify();
    expect(within(region).getByRole('alert')).toHaveTextContent('Error: Upload failed');
  });

  it('waits while the pointer rests on it, then finishes the remaining time', async () => {
    const { user, region, notify } = setup([{ title: 'Saved' }]);
    await notify();
    act(() => vi.advanceTimersByTime(1500));
    await user.hover(within(region).getByText('Saved'));
    act(() => vi.advanceTimersByTime(5000));
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    await user.unhover(within(region).getByText('Saved'));
    act(() => vi.advanceTimersByTime(499));
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(within(region).queryByText('Saved')).not.toBeInTheDocument();
  });
});
