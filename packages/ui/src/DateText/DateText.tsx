import { useUiText } from '../UiText/UiTextProvider';

export type DateTextFormat = 'date' | 'datetime' | 'time' | 'month';

const options: Record<DateTextFormat, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  datetime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { year: 'numeric', month: 'long' },
};

export function formatDate(
  value: Date,
  intlLocale: string,
  format: DateTextFormat = 'date',
  timeZone?: string,
) {
  return new Intl.DateTimeFormat(intlLocale, { ...options[format], timeZone }).format(value);
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
