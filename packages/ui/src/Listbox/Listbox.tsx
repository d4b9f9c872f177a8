import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useTypeahead } from '../internal/useTypeahead';
import { OptionContent } from '../Select/OptionContent';
import type { SelectOption } from '../Select/Select';
import { Option } from '../Select/Select.styles';

export interface ListboxProps<V extends string = string> {
  /** Accessible name of the list. */
  label: string;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Visible rows before the list scrolls. */
  rows?: number;
}

const List = styled.ul<{ $rows: number }>`
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  max-height: ${({ $rows }) => $rows * 38 + 8}px;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
`;

/**
 * An always-visible single-select list (WAI-ARIA listbox): one tab stop, selection follows the
 * arrows, Home/End, and type-ahead that forgets typed characters after 350 ms.
 */
export function Listbox<V extends string = string>({
  label,
  options,
  value,
  onChange,
  rows = 6,
}: ListboxProps<V>) {
  const id = useId();
  const selected = options.findIndex((option) => option.value === value);
  const [active, setActive] = useState(Math.max(selected, 0));
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const typeahead = useTypeahead(labels);

  const go = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    setActive(index);
    if (option.value !== value) onChange(option.value);
    document.getElementById(`${id}-${index}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    const target = targets[event.key] ?? typeahead(event.key, active);
    if (target === null || target === undefined) return;
    event.preventDefault();
    go(target);
  };

  return (
    <List
      role="listbox"
      aria-label={label}
      tabIndex={0}
      $rows={rows}
      aria-activedescendant={options.length > 0 ? `${id}-${active}` : undefined}
      onKeyDown={onKeyDown}
    >
      {options.map((option, index) => (
        <Option
          key={option.value}
          id={`${id}-${index}`}
          role="option"
          aria-selected={option.value === value}
          aria-disabled={option.disabled || undefined}
          $active={index === active}
          onClick={() => go(index)}
        >
          <OptionContent option={option} selected={option.value === value} />
        </Option>
      ))}
    </List>
  );
}
