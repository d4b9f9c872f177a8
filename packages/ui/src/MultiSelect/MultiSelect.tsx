import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTypeahead } from '../internal/useTypeahead';
import type { SelectOption } from '../Select/Select';
import { SelectFrame } from '../Select/SelectFrame';
import { useUiText } from '../UiText/UiTextProvider';

export interface MultiSelectProps<V extends string = string> {
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Chooses several options. Spec: the popup closes after each choice (open it again for the next);
 * the field shows the chosen labels, or "{count} selected" when they do not fit.
 */
export function MultiSelect<V extends string = string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  className,
}: MultiSelectProps<V>) {
  const { t } = useUiText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const typeahead = useTypeahead(labels);
  const chosen = options.filter((option) => value.includes(option.value));

  const toggle = (index: number) => {
    const option = options[index];
    setOpen(false);
    if (!option || option.disabled) return;
    onChange(
      value.includes(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value],
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const last = options.length - 1;
    let handled = true;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        setActive(0);
        setOpen(true);
      } else handled = false;
    } else {
      switch (event.key) {
        case 'ArrowDown':
          setActive(Math.min(last, active + 1));
          break;
        case 'ArrowUp':
          setActive(Math.max(0, active - 1));
          break;
        case 'Home':
          setActive(0);
          break;
        case 'End':
          setActive(last);
          break;
        case 'Enter':
        case ' ':
          toggle(active);
          break;
        case 'Escape':
          setOpen(false);
          break;
        case 'Tab':
          setOpen(false);
          handled = false;
          break;
        default: {
          const match = typeahead(event.key, active);
          if (match === null) handled = false;
          else setActive(match);
        }
      }
    }
    if (handled) event.preventDefault();
  };

  const summary =
    chosen.length === 0
      ? (placeholder ?? t('selector.choose'))
      : chosen.length <= 2
        ? chosen.map((option) => option.label).join(', ')
        : t('select.multiSelected', { count: chosen.length });

  return (
    <SelectFrame
      baseId={id}
      label={label}
      hideLabel={hideLabel}
      className={className}
      disabled={disabled}
      options={options}
      open={open}
      setOpen={setOpen}
      active={active}
      setActive={setActive}
      isSelected={(option) => value.includes(option.value)}
      onChoose={toggle}
      onTriggerClick={() => setOpen(!open)}
      onKeyDown={onKeyDown}
      valueText={summary}
      placeholderShown={chosen.length === 0}
      multiselectable
    />
  );
}
