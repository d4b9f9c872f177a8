import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { csBase } from './locales/cs-base';
import { deBase } from './locales/de-base';
import { en } from './locales/en';
import { enBase } from './locales/en-base';
import { huBase } from './locales/hu-base';
import { plBase } from './locales/pl-base';
import { roBase } from './locales/ro-base';
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

/** The base part of a language's texts: the keys of the English base texts. */
const baseOf = (texts: Record<string, string>) =>
  Object.fromEntries(Object.keys(enBase).map((key) => [key, texts[key]]));

function BaseAndWidgetTexts() {
  const { t } = useUiText();
  return <p>{`${t('common.loading')} | ${t('paging.showing', { from: 1, to: 10, total: 42 })}`}</p>;
}

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

  it("falls back to German's base texts without a provider; a widget's own texts need a provider", () => {
    render(<BaseAndWidgetTexts />);
    expect(screen.getByText('Wird geladen… | paging.showing')).toBeInTheDocument();
  });

  it('lets the app override single texts', () => {
    render(
      <UiTextProvider locale="en" overrides={{ 'paging.showing': '{from}-{to} / {total}' }}>
        <Paging />
      </UiTextProvider>,
    );
    expect(screen.getByText('1-10 / 42')).toBeInTheDocument();
  });

  it("loads a language's base texts alone (German's are built in): no widget's texts before the first paint", async () => {
    expect(loadedUiTexts('de', 'base')).toEqual(baseOf(uiTexts.de));
    expect(loadedUiTexts('de')).toBeUndefined();
    expect(loadedUiTexts('hu', 'base')).toBeUndefined();
    const base = await loadUiTexts('hu', 'base');
    expect(base).toEqual(baseOf(uiTexts.hu));
    expect(base).not.toHaveProperty('paging.showing');
    expect(loadedUiTexts('hu')).toBeUndefined();
    render(
      <LoadedUiTextProvider locale="hu" texts={base}>
        <Paging />
        <p>{loadedUiTexts('hu', 'base')?.['login.submit']}</p>
      </LoadedUiTextProvider>,
    );
    expect(screen.getByText('paging.showing')).toBeInTheDocument();
    expect(screen.getByText(uiTexts.hu['login.submit'])).toBeInTheDocument();
  });

  it('loads one language at a time for apps: every part arrives on request', async () => {
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

  it('has the same base keys in every language, each text the one of the full set', () => {
    const bases = { cs: csBase, de: deBase, en: enBase, hu: huBase, pl: plBase, ro: roBase };
    for (const locale of uiLocales) {
      expect(Object.keys(bases[locale]).sort(), locale).toEqual(Object.keys(enBase).sort());
      expect(bases[locale], locale).toEqual(baseOf(uiTexts[locale]));
    }
  });
});
