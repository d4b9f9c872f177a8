import { type ContainerSuggest, containerLabel } from '@falcon/api-client/lite';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SUGGEST_MIN_LENGTH, suggestContainerQuery } from '../api/queries';

/** How long typing rests before the type-ahead asks the server. */
const SUGGEST_DEBOUNCE_MS = 250;

const Wrap = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  flex: 1 1 200px;
  min-width: 0;
  label {
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  input {
    font: inherit;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.color.borderStrong};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    min-height: 36px;
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;
const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 20;
  margin: 2px 0 0;
  padding: ${({ theme }) => theme.space[1]} 0;
  list-style: none;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: 0 4px 12px rgb(0 0 0 / 0.15);
`;
const Item = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.color.surfaceSunken : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.color.focus}` : 'none')};
  outline-offset: -2px;
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

interface ContainerSuggestFieldProps {
  /** The location whose containers are suggested. */
  code: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion chosen (click, or Enter on the highlighted one): the field keeps its text. */
  onChoose: (suggestion: ContainerSuggest) => void;
}

/**
 * The location search box with a container type-ahead (`suggestcontainer`): a combobox (WAI-ARIA APG,
 * list autocomplete) whose listbox shows the best matches while typing. Arrow keys move through them
 * (focus stays in the field, `aria-activedescendant`), Enter or a click chooses one, Escape closes the
 * list. Enter without a highlighted suggestion submits the search form as before.
 */
export function ContainerSuggestField({
  code,
  label,
  placeholder,
  value,
  onChange,
  onChoose,
}: ContainerSuggestFieldProps) {
  const { t } = useTranslation('location');
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);

  // The query follows the typing after a short rest, so each key does not ask the server.
  useEffect(() => {
    const typed = value.trim();
    const timer = setTimeout(() => setQuery(typed), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery(suggestContainerQuery(code, query));
  const items = query.length >= SUGGEST_MIN_LENGTH ? (suggestions.data ?? []) : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of suggestions resets the highlight
  useEffect(() => setActive(-1), [suggestions.data]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Asked and answered for what the field holds now (not for an older text).
  const answered =
    open &&
    value.trim().length >= SUGGEST_MIN_LENGTH &&
    query === value.trim() &&
    suggestions.data !== undefined;
  const expanded = answered && items.length > 0;
  const choose = (suggestion: ContainerSuggest) => {
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (items.length > 0) setActive((i) => (i + 1) % items.length);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (items.length > 0) setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
        return;
      case 'Enter': {
        const current = expanded ? items[active] : undefined;
        if (current) {
          event.preventDefault();
          choose(current);
        } else {
          setOpen(false);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  const details = (s: ContainerSuggest) =>
    [s.articleName, s.articleCode, s.placeCode]
      .filter((part) => part && part !== containerLabel(s))
      .join(' · ');

  return (
    <Wrap ref={rootRef}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <span aria-live="polite" style={HIDDEN}>
        {answered ? (expanded ? t('suggest.count', { count: items.length }) : t('suggest.none')) : ''}
      </span>
      <List id={listId} role="listbox" aria-label={t('suggest.list')} hidden={!expanded}>
        {expanded
          ? items.map((suggestion, index) => (
              <Item
                key={suggestion.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                $active={index === active}
                // Keep the focus in the field: the choice happens on click.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
              >
                <span>{containerLabel(suggestion)}</span>
                {details(suggestion) ? <small>{details(suggestion)}</small> : null}
              </Item>
            ))
          : null}
      </List>
    </Wrap>
  );
}

/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
