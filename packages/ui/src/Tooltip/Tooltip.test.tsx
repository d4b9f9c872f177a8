import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { Tooltip } from './Tooltip';

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  renderUi(
    <Tooltip content="Delete position">
      <button type="button">×</button>
    </Tooltip>,
  );
  return { user, trigger: screen.getByRole('button') };
}

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears 150 ms after the pointer enters, not before, and hides when it leaves', async () => {
    const { user, trigger } = setup();
    await user.hover(trigger);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Delete position');
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('does not appear when the pointer passes through quicker than the delay', async () => {
    const { user, trigger } = setup();
    await user.hover(trigger);
    act(() => vi.advanceTimersByTime(100));
    await user.unhover(trigger);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('describes its trigger, shows on keyboard focus and hides on Escape', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveAccessibleDescription('Delete position');
    await user.tab();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
