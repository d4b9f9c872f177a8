import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../internal/useTypeahead';
import { renderUi } from '../testing/render';
import { Listbox } from './Listbox';

const options = ['ADMIN', 'BACKOFFICE', 'KD_ADMIN', 'KD_USER', 'SALESFORCE'].map((label) => ({
  value: label,
  label,
}));

function Harness() {
  const [value, setValue] = useState<string | null>('ADMIN');
  return <Listbox label="Roles" options={options} value={value} onChange={setValue} />;
}

const selected = () => screen.getByRole('option', { selected: true }).textContent;

describe('Listbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves the selection with the arrows and Home/End from one tab stop', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderUi(<Harness />);
    await user.tab();
    expect(screen.getByRole('listbox', { name: 'Roles' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toBe('KD_ADMIN');
    await user.keyboard('{End}');
    expect(selected()).toBe('SALESFORCE');
    await user.keyboard('{Home}');
    expect(selected()).toBe('ADMIN');
  });

  it('type-ahead extends within 350 ms and starts over after', async () => {
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderUi(<Harness />);
    await user.tab();
    await user.keyboard('kd_u');
    expect(selected()).toBe('KD_USER');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    await user.keyboard('b');
    expect(selected()).toBe('BACKOFFICE');
  });
});
