import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { MultiSelect } from './MultiSelect';

const options = ['Reach', 'Delivery state', 'Obligation acceptance', 'Alarming'].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

function Harness() {
  const [value, setValue] = useState<string[]>([]);
  return <MultiSelect label="Filters" options={options} value={value} onChange={setValue} />;
}

describe('MultiSelect', () => {
  it('closes after each choice and keeps earlier choices', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const combobox = screen.getByRole('combobox', { name: /Filters/ });
    await user.click(combobox);
    await user.click(screen.getByRole('option', { name: 'Reach' }));
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.click(combobox);
    await user.click(screen.getByRole('option', { name: 'Alarming' }));
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAccessibleName('Filters Reach, Alarming');
  });

  it('toggles with Enter from the keyboard and summarises many choices', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const combobox = screen.getByRole('combobox', { name: /Filters/ });
    combobox.focus();
    for (const steps of [0, 1, 2]) {
      await user.keyboard(`{ArrowDown}${'{ArrowDown}'.repeat(steps)}{Enter}`);
      expect(combobox).toHaveAttribute('aria-expanded', 'false');
    }
    expect(combobox).toHaveAccessibleName('Filters 3 selected');
    await user.keyboard('{Enter}{Enter}');
    expect(combobox).toHaveAccessibleName('Filters Delivery state, Obligation acceptance');
  });
});
