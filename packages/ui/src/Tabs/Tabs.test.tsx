import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { Tabs } from './Tabs';

function Harness() {
  const [value, setValue] = useState('data');
  return (
    <Tabs
      label="Container"
      value={value}
      onChange={setValue}
      tabs={[
        { id: 'data', label: 'Data', content: 'Data panel' },
        { id: 'stats', label: 'Statistics', content: 'Statistics panel' },
        { id: 'docs', label: 'Documents', content: 'Documents panel', disabled: true },
        { id: 'info', label: 'Info', content: 'Info panel' },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('selects with the arrow keys, skipping disabled tabs and wrapping', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Info' })).toHaveTextContent('Info panel');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Info' })).toHaveFocus();
  });

  it('keeps one tab stop on the tab list', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
