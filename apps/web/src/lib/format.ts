import { formatDate, formatNumber } from '@falcon/ui';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { intlTag } from './i18n';
import { state } from './store';

/**
 * One integer formatter per language for the whole app: creating an Intl.NumberFormat costs far more than
 * using one (the first one of a language loads its data: ~20 ms, on a phone ~80 ms).
 */
const integerFormats = new Map<string, Intl.NumberFormat>();
const integerFormat = (tag: string): Intl.NumberFormat => {
  let format = integerFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag);
    integerFormats.set(tag, format);
  }
  return format;
};

// The current language's formatter in a task of its own, as soon as the screens that format load: not
// in the first render of the page that needs it, which then paints sooner.
setTimeout(() => integerFormat(intlTag(state.language)), 0);

/** Numbers with exactly two fraction digits and dates, in the current language. */
export function useFormat() {
  const { language } = useSnapshot(state);
  return useMemo(() => {
    const tag = intlTag(language);
    const integers = integerFormat(tag);
    return {
      tag,
      number: (value: number | null | undefined) =>
        value === null || value === undefined ? '' : formatNumber(value, tag),
      integer: (value: number | null | undefined) =>
        value === null || value === undefined ? '' : integers.format(value),
      date: (value: string | Date | null | undefined) =>
        value ? formatDate(typeof value === 'string' ? new Date(value) : value, tag, 'date') : '',
      dateTime: (value: string | Date | null | undefined) =>
        value ? formatDate(typeof value === 'string' ? new Date(value) : value, tag, 'datetime') : '',
    };
  }, [language]);
}
