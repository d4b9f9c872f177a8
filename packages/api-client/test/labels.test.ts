import { readFileSync } from 'node:fs';
import { localeOf } from '@falcon/locales';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../src/constants';
import { DELIVERY_STATES } from '../src/contract/container';
import { LABELS, labelsFor, languageOf } from '../src/labels';
import { FIELD_PERMISSIONS } from '../src/permissions';

/** A translation file of @falcon/locales, found through its exports. */
const web = (lang: Language, namespace: string) =>
  JSON.parse(
    readFileSync(new URL(import.meta.resolve(`@falcon/locales/${localeOf(lang)}/${namespace}.json`)), 'utf8'),
  );
const WEB_FIELD: Record<string, string> = {
  articleImage: 'image',
  articleDocuments: 'documents',
  articleDrawing: 'drawing',
};

describe('the export labels (src/labels.gen.ts)', () => {
  it('equal the translations of @falcon/locales (run `npm run labels -w @falcon/api-client` after changing them)', () => {
    for (const lang of LANGUAGES) {
      const location = web(lang, 'location');
      const common = web(lang, 'common');
      const expected = {
        fields: Object.fromEntries(
          Object.keys(FIELD_PERMISSIONS).map((key) => [key, location.fields[WEB_FIELD[key] ?? key]]),
        ),
        locationCode: web(lang, 'admin').protocol.locationCode,
        yes: common.yes,
        no: common.no,
        delivery: Object.fromEntries(DELIVERY_STATES.map((s) => [s, common.delivery[s]])),
        // The reorder worklist's export (issue 16): its title and its columns that are no container field.
        worklist: {
          ...Object.fromEntries(
            ['title', 'stock', 'averageWeekly', 'stockOutDate', 'nextDeliveryDate', 'marginDays', 'why'].map(
              (k) => [k, common.worklistExport[k]],
            ),
          ),
          reasons: Object.fromEntries(
            ['below_alarm', 'stock_out_before_delivery'].map((k) => [k, common.worklistExport.reasons[k]]),
          ),
        },
      };
      expect(LABELS[lang], lang).toEqual(expected);
    }
  });

  it('label every field in every language', () => {
    for (const lang of LANGUAGES)
      for (const key of Object.keys(FIELD_PERMISSIONS))
        expect(LABELS[lang].fields[key as keyof typeof FIELD_PERMISSIONS], `${lang} ${key}`).toMatch(/\S/);
  });

  it('read `lang` as the client sends it, falling back to de', () => {
    expect(languageOf('cz')).toBe('cz');
    expect(languageOf('cs')).toBe('cz');
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('EN')).toBe('en');
    expect(languageOf('fr')).toBeUndefined();
    expect(languageOf(undefined)).toBeUndefined();
    expect(labelsFor('fr').fields.price).toBe('Preis');
    expect(labelsFor('en').delivery.backorder).toBe('Backorder');
  });
});
