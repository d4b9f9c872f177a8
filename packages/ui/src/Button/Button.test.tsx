import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { Button } from './Button';

describe('Button', () => {
  it('is activated by click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderUi(<Button onClick={onClick}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('while loading stays focusable, is marked busy and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.tab();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while loading', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Login
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
