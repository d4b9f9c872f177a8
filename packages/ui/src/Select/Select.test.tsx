import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../internal/useTypeahead';
import { renderUi } from '../testing/render';
import { Select, type SelectOption } from './Select';

const options: SelectOption[] = [
  { value: 'ber', label: 'Berlin' },
  { value: 'bre', label: 'Bremen' },
  { value: 'brn', label: 'Brno' },
  { value: 'bud', label: 'Budapest' },
  { value: 'kra', label: 'Kraków' },
];

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="City"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  const onChange = vi.fn();
  renderUi(<Harness onChange={onChange} />);
  const combobox = screen.getByRole('combobox', { name: /City/ });
  const activeOption = () => {
    const id = combobox.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : null;
  };
  return { user, onChange, combobox, activeOption };
}

describe('Select', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens with the keyboard, moves with arrows and chooses with Enter', async () => {
    const { user, combobox, onChange, activeOption } = setup();
    await user.tab();
    expect(combobox).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Berlin');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('brn');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAccessibleName('City Brno');
  });

  it('closes on Escape without choosing', async () => {
    const { user, onChange, combobox } = setup();
    await user.click(combobox);
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chooses an option by click', async () => {
    const { user, onChange, combobox } = setup();
    await user.click(combobox);
    await user.click(screen.getByRole('option', { name: 'Budapest' }));
    expect(onChange).toHaveBeenCalledWith('bud');
  });

  it('type-ahead matches several typed characters within 350 ms', async () => {
    const { user, combobox, activeOption } = setup();
    await user.click(combobox);
    await user.keyboard('b');
    act(() => vi.advanceTimersByTime(100));
    await user.keyboard('u');
    expect(activeOption()).toBe('Budapest');
  });

  it('type-ahead forgets typed characters after a 350 ms pause', async () => {
    const { user, combobox, activeOption } = setup();
    await user.click(combobox);
    await user.keyboard('b');
    expect(activeOption()).toBe('Bremen');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    // Without the reset "bu" would match Budapest; "u" alone matches nothing, so Bremen stays.
    await user.keyboard('u');
    expect(activeOption()).toBe('Bremen');
  });

  it('type-ahead just before the reset still extends the search', async () => {
    const { user, combobox, activeOption } = setup();
    await user.click(combobox);
    await user.keyboard('b');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS - 1));
    await user.keyboard('r');
    expect(activeOption()).toBe('Bremen');
    await user.keyboard('n');
    expect(activeOption()).toBe('Brno');
  });

  it('repeating a letter cycles through the options starting with it', async () => {
    const { user, combobox, activeOption } = setup();
    await user.click(combobox);
    expect(activeOption()).toBe('Berlin');
    await user.keyboard('b');
    expect(activeOption()).toBe('Bremen');
    await user.keyboard('b');
    expect(activeOption()).toBe('Brno');
  });
});
