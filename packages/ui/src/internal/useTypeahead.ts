import { useCallback, useEffect, useRef } from 'react';

/** Menus and listboxes forget typed characters after this pause (spec: 350 ms). */
export const TYPEAHEAD_RESET_MS = 350;

/**
 * Type-ahead for lists: returns a key handler that collects printable characters and answers the
 * index of the next item whose label starts with them, searching from after the current item.
 */
export function useTypeahead(labels: readonly string[]) {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (key: string, currentIndex: number): number | null => {
      if (key.length !== 1 || (key === ' ' && buffer.current === '')) return null;
      buffer.current += key.toLocaleLowerCase();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        buffer.current = '';
      }, TYPEAHEAD_RESET_MS);
      const query = buffer.current;
      // Repeating one letter cycles through the items starting with it.
      const allSame = [...query].every((c) => c === query[0]);
      const needle = allSame ? query[0]! : query;
      const start = allSame || query.length === 1 ? currentIndex + 1 : Math.max(currentIndex, 0);
      for (let i = 0; i < labels.length; i++) {
        const index = (start + i) % labels.length;
        if (labels[index]!.toLocaleLowerCase().startsWith(needle)) return index;
      }
      return null;
    },
    [labels],
  );
}
