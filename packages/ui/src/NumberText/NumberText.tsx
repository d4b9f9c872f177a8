import { useUiText } from '../UiText/UiTextProvider';

/** Spec: numbers show exactly two fraction digits. */
export const FRACTION_DIGITS = 2;

const cache = new Map<string, Intl.NumberFormat>();

/** Formats with exactly two fraction digits in the given BCP 47 locale (grouping included). */
export function formatNumber(value: number, intlLocale: string): string {
  let format = cache.get(intlLocale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, {
      minimumFractionDigits: FRACTION_DIGITS,
      maximumFractionDigits: FRACTION_DIGITS,
    });
    cache.set(intlLocale, format);
  }
  return format.format(value);
}

export interface NumberTextProps {
  value: number | null | undefined;
  /** Shown for a missing value. */
  fallback?: string;
  /** Appended after a thin space, e.g. "kg". */
  unit?: string;
}

/** A number in the current language with exactly two fraction digits (1.234,50 in German). */
export function NumberText({ value, fallback = '–', unit }: NumberTextProps) {
  const { intl } = useUiText();
  if (value === null || value === undefined || Number.isNaN(value)) return <span>{fallback}</span>;
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatNumber(value, intl)}
      {unit ? `\u202f${unit}` : null}
    </span>
  );
}
