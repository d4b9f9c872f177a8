import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import {
  interpolate,
  LoadedUiTextProvider,
  loadedUiTexts,
  loadUiTexts,
  UiTextProvider,
  uiLocales,
  uiTexts,
  useUiText,
} from './UiTextProvider';

function Paging() {
  const { t } = useUiText();
  return <p>{t('paging.showing', { from: 1, to: 10, total: 42 })}</p>;
}

describe('UiTextProvider', () => {
  it('has every built-in text, non-empty, in all six languages', () => {
    expect([...uiLocales].sort()).toEqual(['cs', 'de', 'en', 'hu', 'pl', 'ro']);
    for (const locale of uiLocales) {
      expect(Object.keys(uiTexts[locale]).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(uiTexts[locale]))
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('keeps the placeholders of the English text in every translation', () => {
    for (const locale of uiLocales) {
      for (const [key, text] of Object.entries(en)) {
        const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(names(uiTexts[locale][key as keyof typeof en]), `${locale} ${key}`).toEqual(names(text));
      }
    }
  });

  it('shows the paging line in the chosen language', () => {
    render(
      <UiTextProvider locale="en">
        <Paging />
      </UiTextProvider>,
    );
    expect(screen.getByText('Showing 1 to 10 of 42 results')).toBeInTheDocument();
  });

  it('falls back to German, the product default, without a provider', () => {
    render(<Paging />);
    expect(screen.getByText('Zeige 1 bis 10 von 42 Ergebnissen')).toBeInTheDocument();
  });

  it('lets the app override single texts', () => {
    render(
      <UiTextProvider locale="en" overrides={{ 'paging.showing': '{from}-{to} / {total}' }}>
        <Paging />
      </UiTextProvider>,
    );
    expect(screen.getByText('1-10 / 42')).toBeInTheDocument();
  });

  it('loads one language at a time for apps: German is there, the others arrive on request', async () => {
    expect(loadedUiTexts('de')).toBe(uiTexts.de);
    expect(loadedUiTexts('pl')).toBeUndefined();
    const load = loadUiTexts('pl');
    expect(loadUiTexts('pl')).toBe(load); // one request, however many callers
    const polish = await load;
    expect(polish).toEqual(uiTexts.pl);
    expect(loadedUiTexts('pl')).toBe(polish);
    render(
      <LoadedUiTextProvider locale="pl" texts={polish}>
        <Paging />
      </LoadedUiTextProvider>,
    );
    expect(screen.getByText('Wyświetlanie 1–10 z 42 wyników')).toBeInTheDocument();
  });

  it('leaves unknown placeholders visible instead of dropping them', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
