import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { ChevronDownIcon } from '../internal/icons/ChevronDownIcon';
import { useDismissOnOutside } from '../internal/useDismissOnOutside';
import { OptionContent } from './OptionContent';
import type { SelectOption } from './Select';
import { Field, Label, Option, Popup, Trigger, Value } from './Select.styles';

/** What Select and MultiSelect share: the labelled select-only combobox and its listbox popup. */
export interface SelectFrameProps<V extends string> {
  baseId: string;
  /** Given to the combobox (Select accepts an `id` for an outside `<label for>`). */
  triggerId?: string;
  label: string;
  hideLabel: boolean;
  className?: string;
  disabled: boolean;
  options: readonly SelectOption<V>[];
  open: boolean;
  setOpen: (open: boolean) => void;
  active: number;
  setActive: (index: number) => void;
  isSelected: (option: SelectOption<V>) => boolean;
  onChoose: (index: number) => void;
  onTriggerClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  valueText: ReactNode;
  placeholderShown: boolean;
  multiselectable?: boolean;
  renderOption?: (option: SelectOption<V>) => ReactNode;
}

export function SelectFrame<V extends string>({
  baseId,
  triggerId,
  label,
  hideLabel,
  className,
  disabled,
  options,
  open,
  setOpen,
  active,
  setActive,
  isSelected,
  onChoose,
  onTriggerClick,
  onKeyDown,
  valueText,
  placeholderShown,
  multiselectable,
  renderOption,
}: SelectFrameProps<V>) {
  const fieldRef = useRef<HTMLDivElement>(null);
  const listRef: RefObject<HTMLUListElement | null> = useRef<HTMLUListElement>(null);
  useDismissOnOutside(open, fieldRef, () => setOpen(false));

  // Keyboard moves keep the active option in view.
  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(`${baseId}-opt-${active}`)}`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, baseId]);

  return (
    <Field className={className} ref={fieldRef}>
      <Label id={`${baseId}-label`} $hidden={hideLabel}>
        {label}
      </Label>
      <Trigger
        id={triggerId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={`${baseId}-label ${baseId}-value`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${baseId}-listbox`}
        aria-activedescendant={open && active >= 0 ? `${baseId}-opt-${active}` : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (disabled ? undefined : onTriggerClick())}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!fieldRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <Value id={`${baseId}-value`} $placeholder={placeholderShown}>
          {valueText}
        </Value>
        <ChevronDownIcon />
      </Trigger>
      <Popup
        id={`${baseId}-listbox`}
        role="listbox"
        aria-multiselectable={multiselectable || undefined}
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
                aria-selected={isSelected(option)}
                aria-disabled={option.disabled || undefined}
                $active={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => (index !== active ? setActive(index) : undefined)}
                onClick={() => onChoose(index)}
              >
                <OptionContent option={option} selected={isSelected(option)}>
                  {renderOption?.(option)}
                </OptionContent>
              </Option>
            ))
          : null}
      </Popup>
    </Field>
  );
}
