import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { InactivityBanner } from './InactivityBanner';
import { useInactivity } from './useInactivity';

function Harness({ onLogout }: { onLogout: () => void }) {
  const { warning, secondsLeft, reset } = useInactivity({ onLogout });
  return <InactivityBanner open={warning} secondsLeft={secondsLeft} onStay={reset} />;
}

const minutes = (n: number) => act(() => vi.advanceTimersByTime(n * 60_000));

describe('InactivityBanner with useInactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns after 59 idle minutes with a 60 second countdown and logs out at 60', () => {
    const onLogout = vi.fn();
    renderUi(<Harness onLogout={onLogout} />);
    act(() => vi.advanceTimersByTime(59 * 60_000 - 1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You will be logged out in 60 seconds.');
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('in 45 seconds');
    expect(onLogout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(45_000));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('restarts on any activity: a key press at 58 minutes moves the warning to 117', () => {
    const onLogout = vi.fn();
    renderUi(<Harness onLogout={onLogout} />);
    minutes(58);
    fireEvent.keyPress(window, { key: 'a', charCode: 97 });
    minutes(58);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    minutes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('hides on "Stay signed in" and on a mouse move', () => {
    const onLogout = vi.fn();
    renderUi(<Harness onLogout={onLogout} />);
    minutes(59);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    minutes(59);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.mouseMove(window);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    minutes(2);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('focuses the stay button when it appears', () => {
    renderUi(<InactivityBanner open secondsLeft={60} onStay={() => {}} />, { locale: 'de' });
    expect(screen.getByRole('button', { name: 'Angemeldet bleiben' })).toHaveFocus();
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Sie werden in 60 Sekunden abgemeldet.');
  });

  it("shows the app's own countdown text when given one, still named by the dialog", () => {
    renderUi(
      <InactivityBanner open secondsLeft={42} onStay={() => {}} message="Logging you out in 42 seconds." />,
    );
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('Logging you out in 42 seconds.');
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('You will be logged out');
  });
});
