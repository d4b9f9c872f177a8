import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTypeahead } from '../internal/useTypeahead';
import { useUiText } from '../UiText/UiTextProvider';
import { SelectFrame } from './SelectFrame';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  /** Shown muted beside the label, e.g. a code. */
  secondary?: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Custom rendering of an option's content. */
  renderOption?: (option: SelectOption<V>) => ReactNode;
  className?: string;
  id?: string;
  /** Open from the start, its trigger focused: a select that replaces a stand-in the user just opened. */
  defaultOpen?: boolean;
}

/** A select-only combobox (WAI-ARIA APG): focus stays on the field, options are announced as active. */
export function Select<V extends string = string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  renderOption,
  className,
  id,
  defaultOpen = false,
}: SelectProps<V>) {
  const { t } = useUiText();
  const autoId = useId();
  const baseId = id ?? autoId;
  const [open, setOpen] = useState(defaultOpen);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const [active, setActive] = useState(selectedIndex);
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const typeahead = useTypeahead(labels);
  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (option && !option.disabled && option.value !== value) onChange(option.value);
  };
  const move = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < options.length; i += step) if (!options[i]!.disabled) return i;
    return from;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const last = options.length - 1;
    const current = active < 0 ? selectedIndex : active;
    let handled = true;
    if (!open) {
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
        case 'Enter':
        case ' ':
          openAt(selectedIndex >= 0 ? selectedIndex : event.key === 'ArrowUp' ? last : 0);
          break;
        case 'Home':
          openAt(0);
          break;
        case 'End':
          openAt(last);
          break;
        default: {
          const match = typeahead(event.key, current);
          if (match === null) handled = false;
          else openAt(match);
        }
      }
    } else {
      switch (event.key) {
        case 'ArrowDown':
          if (event.altKey) choose(current);
          else setActive(move(current, 1));
          break;
        case 'ArrowUp':
          if (event.altKey) choose(current);
          else setActive(move(current, -1));
          break;
        case 'Home':
          setActive(0);
          break;
        case 'End':
          setActive(last);
          break;
        case 'PageDown':
          setActive(Math.min(last, current + 10));
          break;
        case 'PageUp':
          setActive(Math.max(0, current - 10));
          break;
        case 'Enter':
          choose(current);
          break;
        case 'Escape':
          setOpen(false);
          break;
        case 'Tab':
          choose(current);
          handled = false;
          break;
        default: {
          const match = typeahead(event.key, current);
          if (match === null) handled = false;
          else setActive(match);
        }
      }
      // Space types into the type-ahead buffer while searching, otherwise it selects.
      if (event.key === ' ' && !handled) {
        choose(current);
        handled = true;
      }
    }
    if (handled) event.preventDefault();
  };

  // Opened from the start: the trigger takes the focus the stand-in it replaces had (keyboard users go on).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount
  useEffect(() => {
    if (defaultOpen) document.getElementById(baseId)?.focus();
  }, []);

  const selected = options[selectedIndex];
  return (
    <SelectFrame
      baseId={baseId}
      triggerId={baseId}
      label={label}
      hideLabel={hideLabel}
      className={className}
      disabled={disabled}
      options={options}
      open={open}
      setOpen={setOpen}
      active={active}
      setActive={setActive}
      isSelected={(option) => option.value === value}
      onChoose={choose}
      onTriggerClick={() => (open ? setOpen(false) : openAt(Math.max(selectedIndex, 0)))}
      onKeyDown={onKeyDown}
      valueText={selected ? selected.label : (placeholder ?? t('selector.choose'))}
      placeholderShown={!selected}
      renderOption={renderOption}
    />
  );
}
