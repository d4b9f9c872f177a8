import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelectorEntry } from '../SelectorBar/SelectorBar';
import { renderUi } from '../testing/render';
import {
  QuickSearch,
  type QuickSearchKind,
  type QuickSearchProps,
  type QuickSearchResults,
} from './QuickSearch';

const results: QuickSearchResults = {
  concerns: [{ code: 'C1', name: 'Acme Holding' }],
  branches: [
    { code: 'B1', name: 'Acme Berlin' },
    { code: 'branch_0', name: 'Acme main branch' },
  ],
  locations: [{ code: 'L1', name: 'Acme Hall 1' }],
};

function Harness({ onSearch, onSelect }: Pick<QuickSearchProps, 'onSearch' | 'onSelect'>) {
  const [found, setFound] = useState<QuickSearchResults | null>(null);
  return (
    <QuickSearch
      results={found}
      onSearch={(query) => {
        onSearch(query);
        setFound(results);
      }}
      onSelect={onSelect}
    />
  );
}

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  const onSearch = vi.fn();
  const onSelect = vi.fn<(kind: QuickSearchKind, entry: SelectorEntry) => void>();
  renderUi(<Harness onSearch={onSearch} onSelect={onSelect} />);
  const input = screen.getByRole('combobox', { name: 'Quick search' });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { user, onSearch, onSelect, input, wait };
}

describe('QuickSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the query 1000 ms after the last keystroke, not before', async () => {
    const { user, input, onSearch, wait } = setup();
    await user.type(input, 'acm');
    await wait(999);
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(input, 'e');
    await wait(999);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');
  });

  it('sends at the latest 5000 ms after the first keystroke while typing goes on', async () => {
    const { user, input, onSearch, wait } = setup();
    // Keys at 0, 700, ..., 4900 ms: the 1000 ms quiet time never comes.
    for (const char of 'acme hol') {
      await user.type(input, char);
      await wait(700);
    }
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme hol');
  });

  it('does not send before 5000 ms have passed since the first keystroke', async () => {
    const { user, input, onSearch, wait } = setup();
    await user.type(input, 'a');
    for (const char of 'cme ho') {
      await wait(700);
      await user.type(input, char);
    }
    // 4200 ms since the first key: nothing sent yet; at 5000 ms it goes out.
    await wait(799);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(1);
    expect(onSearch).toHaveBeenCalledWith('acme ho');
  });

  it('sends at once on Enter and not again when the timer would have run', async () => {
    const { user, input, onSearch, wait } = setup();
    await user.type(input, 'acme{Enter}');
    expect(onSearch).toHaveBeenCalledWith('acme');
    await wait(5000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows concerns, branches and locations in three labelled columns', async () => {
    const { user, input } = setup();
    await user.type(input, 'acme{Enter}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Concerns' })).toHaveTextContent('Acme Holding');
    expect(screen.getByRole('listbox', { name: 'Branches' })).toHaveTextContent('Acme Berlin');
    expect(screen.getByRole('listbox', { name: 'Locations' })).toHaveTextContent('Acme Hall 1');
    expect(screen.getByRole('option', { name: 'Acme main branch' })).toBeInTheDocument();
  });

  it('choosing an entry calls back and clears the field', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'acme{Enter}');
    await user.click(screen.getByRole('option', { name: 'Acme Berlin B1' }));
    expect(onSelect).toHaveBeenCalledWith('branch', { code: 'B1', name: 'Acme Berlin' });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('is keyboard navigable: arrows through entries, left/right between columns, Enter chooses', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'acme{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Acme Holding/ }).id,
    );
    await user.keyboard('{ArrowRight}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Acme Berlin/ }).id,
    );
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('location', { code: 'L1', name: 'Acme Hall 1' });
    expect(input).toHaveValue('');
  });

  it('shows a clear icon only while there is text, and it empties the field without searching', async () => {
    const { user, input, onSearch, wait } = setup();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    await user.type(input, 'acme');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    await wait(5000);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('Escape closes the dropdown, a second Escape clears the field', async () => {
    const { user, input } = setup();
    await user.type(input, 'acme{Enter}');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('acme');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });
});
