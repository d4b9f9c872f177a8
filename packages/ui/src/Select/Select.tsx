import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon } from '../internal/icons';
import { useTypeahead } from '../internal/useTypeahead';
import { useUiText } from '../UiText/UiTextProvider';
import { Field, Label, Option, OptionText, Popup, Secondary, Trigger, Value } from './Select.styles';

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
}: SelectProps<V>) {
  const { t } = useUiText();
  const autoId = useId();
  const baseId = id ?? autoId;
  const [open, setOpen] = useState(false);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const [active, setActive] = useState(selectedIndex);
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const typeahead = useTypeahead(labels);
  const listRef = useRef<HTMLUListElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(`${baseId}-opt-${active}`)}`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, baseId]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!fieldRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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

  const selected = options[selectedIndex];
  return (
    <Field className={className} ref={fieldRef}>
      <Label id={`${baseId}-label`} $hidden={hideLabel}>
        {label}
      </Label>
      <Trigger
        id={baseId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={`${baseId}-label ${baseId}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${baseId}-listbox`}
        aria-activedescendant={open && active >= 0 ? `${baseId}-opt-${active}` : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (disabled ? undefined : open ? setOpen(false) : openAt(Math.max(selectedIndex, 0)))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!fieldRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <Value id={`${baseId}-value`} $placeholder={!selected}>
          {selected ? selected.label : (placeholder ?? t('selector.choose'))}
        </Value>
        <ChevronDownIcon />
      </Trigger>
      <Popup
        id={`${baseId}-listbox`}
        role="listbox"
        aria-labelledby={`${baseId}-label`}
        ref={listRef}
        hidden={!open}
      >
        {open
          ? options.map((option, index) => (
              <Option
                key={option.value}
                id={`${baseId}-opt-${index}`}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                $active={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => (index !== active ? setActive(index) : undefined)}
                onClick={() => choose(index)}
              >
                {renderOption ? (
                  renderOption(option)
                ) : (
                  <OptionText>
                    <span>{option.label}</span>
                    {option.secondary ? (
                      <>
                        {' '}
                        <Secondary>{option.secondary}</Secondary>
                      </>
                    ) : null}
                  </OptionText>
                )}
                {option.value === value ? <CheckIcon /> : <span style={{ width: 16 }} />}
              </Option>
            ))
          : null}
      </Popup>
    </Field>
  );
}
