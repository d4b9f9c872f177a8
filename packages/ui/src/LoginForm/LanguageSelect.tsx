import { type ComponentType, type KeyboardEvent, useId, useState } from 'react';
import { ChevronDownIcon } from '../internal/icons/ChevronDownIcon';
import { Field, Label, Trigger, Value } from '../Select/Select.styles';
import { useUiText } from '../UiText/UiTextProvider';
import type { LanguageListProps } from './LanguageList';
import { type LanguageOption, languageLabel, orderLanguages } from './languages';

export interface LanguageSelectProps {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
}

type SelectComponent = ComponentType<LanguageListProps>;
let loadedSelect: SelectComponent | null = null;
let loadingSelect: Promise<SelectComponent> | null = null;
/**
 * The select's own code (listbox, keyboard, type-ahead) loads on the first sign of use (pointer over it,
 * focus, click): the login page shows the current language at once without it, and its first load stays
 * smaller. A failed load is tried again on the next sign.
 */
const loadSelect = (): Promise<SelectComponent> => {
  loadingSelect ??= import('./LanguageList').then(
    (module) => {
      loadedSelect = module.LanguageList;
      return loadedSelect;
    },
    (error: unknown) => {
      loadingSelect = null;
      throw error;
    },
  );
  return loadingSelect;
};
const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Tags and native names, current language first; hidden when fewer than 2 languages exist (spec). Until
 * the select's code is there, a stand-in with the same look and name shows the current language; opening
 * it (click or keys) swaps in the select, open.
 */
export function LanguageSelect({ languages, current, onChange }: LanguageSelectProps) {
  const { t } = useUiText();
  const id = useId();
  const [select, setSelect] = useState<{ Select: SelectComponent; open: boolean } | null>(() =>
    loadedSelect ? { Select: loadedSelect, open: false } : null,
  );
  const ordered = orderLanguages(languages, current);
  if (ordered.length < 2) return null;
  const label = t('login.language');
  if (select) {
    const { Select } = select;
    return <Select id={id} label={label} ordered={ordered} onChange={onChange} defaultOpen={select.open} />;
  }
  const prefetch = () => void loadSelect().catch(() => {});
  const open = () =>
    void loadSelect().then(
      (Select) => setSelect({ Select, open: true }),
      () => {},
    );
  return (
    <Field>
      <Label id={`${id}-label`} $hidden>
        {label}
      </Label>
      <Trigger
        id={id}
        role="combobox"
        tabIndex={0}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="listbox"
        aria-expanded={false}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={open}
        onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
          if (!OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          open();
        }}
      >
        <Value id={`${id}-value`} $placeholder={false}>
          {languageLabel(ordered[0]!).name}
        </Value>
        <ChevronDownIcon />
      </Trigger>
    </Field>
  );
}
