import { useUiText } from '../UiText/UiTextProvider';

export type DateTextFormat = 'date' | 'datetime' | 'time' | 'month';

const options: Record<DateTextFormat, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  datetime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { year: 'numeric', month: 'long' },
};

// Creating an Intl.DateTimeFormat costs far more than formatting with one (a results table formats
// hundreds of dates per render): one per locale, format and zone, made on first use (no module-level
// statement, so bundlers can still drop this module where it is unused).
let cache: Map<string, Intl.DateTimeFormat> | undefined;

export function formatDate(
  value: Date,
  intlLocale: string,
  format: DateTextFormat = 'date',
  timeZone?: string,
) {
  const key = `${intlLocale}|${format}|${timeZone ?? ''}`;
  cache ??= new Map();
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale, { ...options[format], timeZone });
    cache.set(key, formatter);
  }
  return formatter.format(value);
}

export interface DateTextProps {
  /** A Date or an ISO string. */
  value: Date | string | null | undefined;
  format?: DateTextFormat;
  fallback?: string;
  /** IANA zone; the browser's by default. */
  timeZone?: string;
}

/** A date in the current language inside a <time> element carrying the ISO value. */
export function DateText({ value, format = 'date', fallback = '–', timeZone }: DateTextProps) {
  const { intl } = useUiText();
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!date || Number.isNaN(date.getTime())) return <span>{fallback}</span>;
  return <time dateTime={date.toISOString()}>{formatDate(date, intl, format, timeZone)}</time>;
}
