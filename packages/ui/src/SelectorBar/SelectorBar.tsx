import { useMemo } from 'react';
import { Select, type SelectOption } from '../Select/Select';
import { useUiText } from '../UiText/UiTextProvider';
import { Bar } from './SelectorBar.styles';

export interface SelectorEntry {
  code: string;
  name: string;
}

export interface SelectorBarProps {
  concerns: readonly SelectorEntry[];
  branches?: readonly SelectorEntry[];
  locations?: readonly SelectorEntry[];
  concernCode?: string | null;
  branchCode?: string | null;
  locationCode?: string | null;
  onSelectConcern: (entry: SelectorEntry) => void;
  onSelectBranch: (entry: SelectorEntry) => void;
  onSelectLocation: (entry: SelectorEntry) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Codes that are placeholders in the data and never shown to users (spec). */
export const HIDDEN_CODES: readonly string[] = ['0', 'branch_0'];

export function displayCode(code: string): string | undefined {
  return HIDDEN_CODES.includes(code) ? undefined : code;
}

function toOptions(entries: readonly SelectorEntry[]): SelectOption[] {
  return entries.map((entry) => ({
    value: entry.code,
    label: entry.name,
    secondary: displayCode(entry.code),
  }));
}

/**
 * The concern > branch > location selector. The branch field appears once a concern is chosen, the
 * location field once a branch is chosen; choosing calls back (the app navigates).
 */
export function SelectorBar({
  concerns,
  branches = [],
  locations = [],
  concernCode = null,
  branchCode = null,
  locationCode = null,
  onSelectConcern,
  onSelectBranch,
  onSelectLocation,
  label,
}: SelectorBarProps) {
  const { t } = useUiText();
  const concernOptions = useMemo(() => toOptions(concerns), [concerns]);
  const branchOptions = useMemo(() => toOptions(branches), [branches]);
  const locationOptions = useMemo(() => toOptions(locations), [locations]);
  const pick =
    (entries: readonly SelectorEntry[], callback: (entry: SelectorEntry) => void) => (code: string) => {
      const entry = entries.find((candidate) => candidate.code === code);
      if (entry) callback(entry);
    };

  return (
    <Bar
      aria-label={label ?? `${t('selector.concern')} / ${t('selector.branch')} / ${t('selector.location')}`}
    >
      <Select
        label={t('selector.concern')}
        options={concernOptions}
        value={concernCode}
        onChange={pick(concerns, onSelectConcern)}
      />
      {concernCode ? (
        <Select
          label={t('selector.branch')}
          options={branchOptions}
          value={branchCode}
          onChange={pick(branches, onSelectBranch)}
        />
      ) : null}
      {concernCode && branchCode ? (
        <Select
          label={t('selector.location')}
          options={locationOptions}
          value={locationCode}
          onChange={pick(locations, onSelectLocation)}
        />
      ) : null}
    </Bar>
  );
}
