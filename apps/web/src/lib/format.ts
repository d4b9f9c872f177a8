import { formatDate, formatNumber } from '@falcon/ui';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { intlTag } from './i18n';
import { state } from './store';

/** Numbers with exactly two fraction digits and dates, in the current language. */
export function useFormat() {
  const { language } = useSnapshot(state);
  return useMemo(() => {
    const tag = intlTag(language);
    // One formatter per language: creating an Intl.NumberFormat costs far more than using one.
    const integers = new Intl.NumberFormat(tag);
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
