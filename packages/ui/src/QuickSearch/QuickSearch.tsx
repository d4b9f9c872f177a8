import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../internal/icons/CloseIcon';
import { SearchIcon } from '../internal/icons/SearchIcon';
import { useDebouncedCallback } from '../internal/useDebouncedCallback';
import { displayCode, type SelectorEntry } from '../SelectorBar/SelectorBar';
import { Spinner } from '../Spinner/Spinner';
import { useUiText } from '../UiText/UiTextProvider';
import {
  Adornments,
  ClearButton,
  Column,
  ColumnTitle,
  Empty,
  Input,
  InputWrap,
  List,
  Message,
  Option,
  Popup,
  Root,
} from './QuickSearch.styles';

/** Spec: the query goes out after 1000 ms without typing, at the latest 5000 ms after the first key. */
export const QUICK_SEARCH_DEBOUNCE_MS = 1000;
export const QUICK_SEARCH_MAX_WAIT_MS = 5000;

export type QuickSearchKind = 'concern' | 'branch' | 'location';

export interface QuickSearchResults {
  concerns: readonly SelectorEntry[];
  branches: readonly SelectorEntry[];
  locations: readonly SelectorEntry[];
}

export interface QuickSearchProps {
  /** Called with the trimmed query per the debounce rules, or at once on Enter. */
  onSearch: (query: string) => void;
  /** Called when an entry is chosen; the field then clears. */
  onSelect: (kind: QuickSearchKind, entry: SelectorEntry) => void;
  /**
   * Results of the latest search; null before any search. The dropdown grows with them (a scrolling
   * popup would need its own tab stop), so keep each list short, e.g. 10 entries.
   */
  results?: QuickSearchResults | null;
  loading?: boolean;
  /** A message shown in the dropdown when the search failed. */
  error?: string | null;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
  maxWaitMs?: number;
}

interface Item {
  kind: QuickSearchKind;
  entry: SelectorEntry;
}

const columns = [
  { kind: 'concern', key: 'concerns', title: 'quickSearch.concerns' },
  { kind: 'branch', key: 'branches', title: 'quickSearch.branches' },
  { kind: 'location', key: 'locations', title: 'quickSearch.locations' },
] as const;

/** The header's search: a combobox whose popup lists concerns, branches and locations in three columns. */
export function QuickSearch({
  onSearch,
  onSelect,
  results = null,
  loading = false,
  error = null,
  label,
  placeholder,
  debounceMs = QUICK_SEARCH_DEBOUNCE_MS,
  maxWaitMs = QUICK_SEARCH_MAX_WAIT_MS,
}: QuickSearchProps) {
  const { t } = useUiText();
  const id = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const send = useDebouncedCallback(
    (query: string) => {
      setOpen(true);
      setActive(-1);
      onSearch(query);
    },
    { wait: debounceMs, maxWait: maxWaitMs },
  );

  const items = useMemo<Item[]>(
    () => (results ? columns.flatMap(({ kind, key }) => results[key].map((entry) => ({ kind, entry }))) : []),
    [results],
  );
  // Results that arrive for a newer query reset the highlighted entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the results change
  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const clear = () => {
    send.cancel();
    setValue('');
    setOpen(false);
    setActive(-1);
  };

  const choose = (item: Item) => {
    clear();
    onSelect(item.kind, item.entry);
  };

  const onChange = (next: string) => {
    setValue(next);
    if (next.trim() === '') {
      send.cancel();
      setOpen(false);
    } else {
      send.call(next.trim());
    }
  };

  const showPopup = open && value.trim() !== '' && (results !== null || loading) && !error;
  const showError = open && value.trim() !== '' && Boolean(error);
  const columnStart = (kindIndex: number) =>
    items.findIndex((item) => item.kind === columns[kindIndex]!.kind);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const current = items[active];
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        if (showPopup && current) choose(current);
        else if (value.trim() !== '') {
          send.cancel();
          setOpen(true);
          onSearch(value.trim());
        }
        return;
      case 'ArrowDown':
        event.preventDefault();
        if (!showPopup) setOpen(true);
        else if (items.length > 0) setActive((active + 1) % items.length);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (showPopup && items.length > 0) setActive(active <= 0 ? items.length - 1 : active - 1);
        return;
      case 'ArrowRight':
      case 'ArrowLeft': {
        // Between columns only while an entry is highlighted; otherwise the caret moves.
        if (!showPopup || !current) return;
        event.preventDefault();
        const step = event.key === 'ArrowRight' ? 1 : -1;
        const kindIndex = columns.findIndex((column) => column.kind === current.kind);
        for (let i = kindIndex + step; i >= 0 && i < columns.length; i += step) {
          const start = columnStart(i);
          if (start >= 0) {
            setActive(start);
            return;
          }
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (showPopup) setOpen(false);
        else clear();
        return;
    }
  };

  const activeItem = showPopup ? items[active] : undefined;
  useEffect(() => {
    if (activeItem) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeItem, active, id]);
  // One listbox per non-empty column; the combobox controls all of them.
  const listboxIds = showPopup
    ? columns
        .filter((column) => (results?.[column.key].length ?? 0) > 0)
        .map((column) => `${id}-${column.kind}`)
    : [];
  return (
    <Root ref={rootRef}>
      <InputWrap>
        <SearchIcon />
        <Input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={label ?? t('quickSearch.label')}
          aria-autocomplete="list"
          aria-expanded={listboxIds.length > 0}
          aria-controls={listboxIds.length > 0 ? listboxIds.join(' ') : undefined}
          aria-activedescendant={activeItem ? `${id}-opt-${active}` : undefined}
          aria-busy={loading || undefined}
          placeholder={placeholder ?? t('quickSearch.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => (results && value.trim() !== '' ? setOpen(true) : undefined)}
        />
        <Adornments>
          {loading ? <Spinner size="sm" /> : null}
          {value !== '' ? (
            <ClearButton
              type="button"
              aria-label={t('common.clear')}
              onClick={() => {
                clear();
                inputRef.current?.focus();
              }}
            >
              <CloseIcon />
            </ClearButton>
          ) : null}
        </Adornments>
      </InputWrap>
      <Popup id={`${id}-popup`} hidden={!showPopup}>
        {showPopup
          ? columns.map((column) => {
              const entries = results?.[column.key] ?? [];
              return (
                <Column key={column.kind}>
                  <ColumnTitle id={`${id}-${column.kind}-title`}>{t(column.title)}</ColumnTitle>
                  {entries.length === 0 ? (
                    <Empty>{loading ? t('common.loading') : t('common.noResults')}</Empty>
                  ) : (
                    <List
                      role="listbox"
                      id={`${id}-${column.kind}`}
                      aria-labelledby={`${id}-${column.kind}-title`}
                    >
                      {entries.map((entry) => {
                        const index = items.findIndex(
                          (item) => item.entry === entry && item.kind === column.kind,
                        );
                        const code = displayCode(entry.code);
                        return (
                          <Option
                            key={entry.code}
                            id={`${id}-opt-${index}`}
                            role="option"
                            aria-selected={index === active}
                            $active={index === active}
                            onMouseDown={(event) => event.preventDefault()}
                            onClick={() => choose({ kind: column.kind, entry })}
                          >
                            <span>{entry.name}</span>
                            {code ? (
                              <>
                                {' '}
                                <span>{code}</span>
                              </>
                            ) : null}
                          </Option>
                        );
                      })}
                    </List>
                  )}
                </Column>
              );
            })
          : null}
      </Popup>
      {showError ? <Message role="alert">{error}</Message> : null}
    </Root>
  );
}
