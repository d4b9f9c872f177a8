import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon } from '../internal/icons';
import { useTypeahead } from '../internal/useTypeahead';
import type { SelectOption } from '../Select/Select';
import { Field, Label, Option, OptionText, Popup, Secondary, Trigger, Value } from '../Select/Select.styles';
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
  const fieldRef = useRef<HTMLDivElement>(null);
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const typeahead = useTypeahead(labels);
  const chosen = options.filter((option) => value.includes(option.value));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!fieldRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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
    <Field className={className} ref={fieldRef}>
      <Label id={`${id}-label`} $hidden={hideLabel}>
        {label}
      </Label>
      <Trigger
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (disabled ? undefined : setOpen(!open))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!fieldRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <Value id={`${id}-value`} $placeholder={chosen.length === 0}>
          {summary}
        </Value>
        <ChevronDownIcon />
      </Trigger>
      <Popup
        id={`${id}-listbox`}
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={`${id}-label`}
        hidden={!open}
      >
        {open
          ? options.map((option, index) => (
              <Option
                key={option.value}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={value.includes(option.value)}
                aria-disabled={option.disabled || undefined}
                $active={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => (index !== active ? setActive(index) : undefined)}
                onClick={() => toggle(index)}
              >
                <OptionText>
                  <span>{option.label}</span>
                  {option.secondary ? (
                    <>
                      {' '}
                      <Secondary>{option.secondary}</Secondary>
                    </>
                  ) : null}
                </OptionText>
                {value.includes(option.value) ? <CheckIcon /> : <span style={{ width: 16 }} />}
              </Option>
            ))
          : null}
      </Popup>
    </Field>
  );
}
