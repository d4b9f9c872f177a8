import { base, cs_CZ, de, en, Faker, hu, pl, ro } from '@faker-js/faker';
import type { Language } from '@falcon/api-client';

/** The five countries of the demo data, with real industrial towns and local words for sites. */
export type CountryCode = 'DE' | 'CZ' | 'PL' | 'HU' | 'RO';

export interface Country {
  code: CountryCode;
  language: Language;
  /** Towns with car, machine or supplier plants. */
  cities: readonly string[];
  plant: (city: string) => string;
  /** Names of storage locations inside a plant. */
  sites: readonly string[];
  companySuffixes: readonly string[];
  industries: readonly string[];
}

export const COUNTRIES: Record<CountryCode, Country> = {
  DE: {
    code: 'DE',
    language: 'de',
    cities: [
      'Stuttgart',
      'Wolfsburg',
      'Ingolstadt',
      'Regensburg',
      'Schweinfurt',
      'Dingolfing',
      'Zwickau',
      'Heilbronn',
      'Augsburg',
      'Nürnberg',
      'Kassel',
      'Bremen',
      'Leipzig',
      'Chemnitz',
      'Salzgitter',
      'Sindelfingen',
      'Friedrichshafen',
      'Paderborn',
    ],
    plant: (city) => `Werk ${city}`,
    sites: [
      'Zentrallager',
      'Halle 1 – Vormontage',
      'Halle 2 – Endmontage',
      'Linienversorgung Band 3',
      'Instandhaltung',
      'Werkzeugbau',
      'Rohbau Nord',
      'Lackiererei',
      'Logistikzentrum Süd',
      'Prototypenbau',
    ],
    companySuffixes: ['GmbH', 'AG', 'SE', 'GmbH & Co. KG'],
    industries: ['Maschinenbau', 'Antriebstechnik', 'Fahrzeugtechnik', 'Anlagenbau', 'Fördertechnik'],
  },
  CZ: {
    code: 'CZ',
    language: 'cz',
    cities: [
      'Mladá Boleslav',
      'Plzeň',
      'Brno',
      'Ostrava',
      'Kolín',
      'Liberec',
      'Pardubice',
      'Kvasiny',
      'Nošovice',
    ],
    plant: (city) => `Závod ${city}`,
    sites: [
      'Centrální sklad',
      'Hala A – Předmontáž',
      'Hala B – Montáž',
      'Zásobování linky 2',
      'Údržba',
      'Nástrojárna',
      'Expedice',
    ],
    companySuffixes: ['a.s.', 's.r.o.'],
    industries: ['Strojírny', 'Automotive', 'Technika', 'Komponenty'],
  },
  PL: {
    code: 'PL',
    language: 'pl',
    cities: [
      'Wrocław',
      'Poznań',
      'Gliwice',
      'Tychy',
      'Bielsko-Biała',
      'Łódź',
      'Rzeszów',
      'Katowice',
      'Polkowice',
    ],
    plant: (city) => `Zakład ${city}`,
    sites: [
      'Magazyn centralny',
      'Hala 1 – Montaż wstępny',
      'Hala 2 – Montaż końcowy',
      'Zaopatrzenie linii 4',
      'Utrzymanie ruchu',
      'Narzędziownia',
      'Magazyn wysyłkowy',
    ],
    companySuffixes: ['Sp. z o.o.', 'S.A.'],
    industries: ['Automotive', 'Maszyny', 'Technika Napędowa', 'Komponenty'],
  },
  HU: {
    code: 'HU',
    language: 'hu',
    cities: [
      'Győr',
      'Kecskemét',
      'Debrecen',
      'Miskolc',
      'Székesfehérvár',
      'Szentgotthárd',
      'Esztergom',
      'Hatvan',
    ],
    plant: (city) => `${city} gyár`,
    sites: [
      'Központi raktár',
      'A csarnok – Előszerelés',
      'B csarnok – Végszerelés',
      'Sorellátás 1',
      'Karbantartás',
      'Szerszámüzem',
    ],
    companySuffixes: ['Kft.', 'Zrt.'],
    industries: ['Gépgyártó', 'Autóipari', 'Hajtástechnika'],
  },
  RO: {
    code: 'RO',
    language: 'ro',
    cities: ['Cluj-Napoca', 'Timișoara', 'Pitești', 'Sibiu', 'Brașov', 'Craiova', 'Arad', 'Mioveni'],
    plant: (city) => `Uzina ${city}`,
    sites: [
      'Depozit central',
      'Hala 1 – Premontaj',
      'Hala 2 – Montaj final',
      'Aprovizionare linie 2',
      'Mentenanță',
      'Sculărie',
    ],
    companySuffixes: ['S.R.L.', 'S.A.'],
    industries: ['Automotive', 'Industrial', 'Componente', 'Tehnică'],
  },
};

export const COUNTRY_ORDER: readonly CountryCode[] = ['DE', 'CZ', 'PL', 'HU', 'RO'];

const LOCALES = { DE: de, CZ: cs_CZ, PL: pl, HU: hu, RO: ro } as const;

/** One seeded faker per country (local names, streets, postcodes, phone numbers). */
export const createFakers = (seed: number): Record<CountryCode, Faker> => {
  const out = {} as Record<CountryCode, Faker>;
  COUNTRY_ORDER.forEach((code, i) => {
    const faker = new Faker({ locale: [LOCALES[code], en, base] });
    faker.seed(seed * 31 + i);
    out[code] = faker;
  });
  return out;
};
