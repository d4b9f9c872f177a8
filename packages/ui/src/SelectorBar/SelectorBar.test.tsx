import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { SelectorBar, type SelectorEntry } from './SelectorBar';

const concerns: SelectorEntry[] = [
  { code: 'C100', name: 'Acme Holding' },
  { code: '0', name: 'Without concern' },
];
const branches: SelectorEntry[] = [
  { code: 'B200', name: 'Acme Berlin' },
  { code: 'branch_0', name: 'Main branch' },
];
const locations: SelectorEntry[] = [{ code: 'L300', name: 'Hall 3' }];

function Harness(callbacks: { concern?: (e: SelectorEntry) => void; location?: (e: SelectorEntry) => void }) {
  const [concern, setConcern] = useState<string | null>(null);
  const [branch, setBranch] = useState<string | null>(null);
  return (
    <SelectorBar
      concerns={concerns}
      branches={branches}
      locations={locations}
      concernCode={concern}
      branchCode={branch}
      onSelectConcern={(entry) => {
        setConcern(entry.code);
        setBranch(null);
        callbacks.concern?.(entry);
      }}
      onSelectBranch={(entry) => setBranch(entry.code)}
      onSelectLocation={(entry) => callbacks.location?.(entry)}
    />
  );
}

describe('SelectorBar', () => {
  it('shows branch only after a concern and location only after a branch is chosen', async () => {
    const user = userEvent.setup();
    const concern = vi.fn();
    const location = vi.fn();
    renderUi(<Harness concern={concern} location={location} />);
    expect(screen.getAllByRole('combobox')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: /Concern/ }));
    await user.click(screen.getByRole('option', { name: /Acme Holding/ }));
    expect(concern).toHaveBeenCalledWith(concerns[0]);
    expect(screen.getByRole('combobox', { name: /Branch/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Location/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Branch/ }));
    await user.click(screen.getByRole('option', { name: /Acme Berlin/ }));
    await user.click(screen.getByRole('combobox', { name: /Location/ }));
    await user.click(screen.getByRole('option', { name: /Hall 3/ }));
    expect(location).toHaveBeenCalledWith(locations[0]);
  });

  it('shows name and code, but hides the codes "0" and "branch_0"', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole('combobox', { name: /Concern/ }));
    expect(screen.getByRole('option', { name: 'Acme Holding C100' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Without concern' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Acme Holding/ }));
    await user.click(screen.getByRole('combobox', { name: /Branch/ }));
    expect(screen.getByRole('option', { name: 'Acme Berlin B200' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Main branch' })).toBeInTheDocument();
  });

  it('is operable by keyboard alone', async () => {
    const user = userEvent.setup();
    const concern = vi.fn();
    renderUi(<Harness concern={concern} />);
    await user.tab();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(concern).toHaveBeenCalledWith(concerns[0]);
    await user.tab();
    expect(screen.getByRole('combobox', { name: /Branch/ })).toHaveFocus();
  });

  it('labels its fields in the app language', () => {
    renderUi(<Harness />, { locale: 'de' });
    expect(screen.getByRole('combobox', { name: /Konzern/ })).toBeInTheDocument();
  });
});
