import { hash32, type Rng } from './random';
import type { DatasetArticle } from './types';

/** The C-parts families of the catalogue; each has a drawing style and typical weights and prices. */
type PartKind = 'screw' | 'nut' | 'washer' | 'rivet' | 'pin' | 'ring';

export interface ArticleSpec extends DatasetArticle {
  kind: PartKind;
  /** Grams per piece. */
  unitWeight: number;
  /** EUR per piece. */
  unitPrice: number;
}

const DIAMETERS = [3, 4, 5, 6, 8, 10, 12, 16, 20] as const;
const LENGTHS = [6, 8, 10, 12, 16, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 100, 120] as const;
const STEEL = ['8.8', '10.9', '12.9'] as const;
const STAINLESS = ['A2-70', 'A4-80'] as const;
const FINISH = ['verzinkt', 'galv. verzinkt', 'feuerverzinkt', 'zinklamellenbeschichtet', 'blank'] as const;
const FINISH_EN = ['zinc plated', 'hot-dip galvanised', 'zinc flake coated', 'plain'] as const;
const comma = (n: number) => String(n).replace('.', ',');

interface Made {
  kind: PartKind;
  name: string;
  /** Standard, e.g. 'DIN 933', to derive the supplier's part number. */
  norm: string;
  d: number;
  l: number;
}

const screw = (rng: Rng): Made => {
  const d = rng.pick(DIAMETERS.slice(1));
  const l = rng.pick(LENGTHS.filter((x) => x >= 2 * d && x <= 12 * d));
  const stainless = rng.chance(0.2);
  const grade = stainless ? rng.pick(STAINLESS) : rng.pick(STEEL);
  const finish = stainless ? '' : ` ${rng.pick(FINISH)}`;
  const finishEn = stainless ? '' : `, ${rng.pick(FINISH_EN)}`;
  const variant = rng.int(0, 7);
  const sizes = `M${d}x${l}`;
  switch (variant) {
    case 0:
      return {
        kind: 'screw',
        norm: 'DIN 933',
        d,
        l,
        name: `Sechskantschraube DIN 933 ${sizes} ${grade}${finish}`,
      };
    case 1:
      return {
        kind: 'screw',
        norm: 'ISO 4017',
        d,
        l,
        name: `Hexagon head screw ISO 4017 ${sizes} ${grade}${finishEn}`,
      };
    case 2:
      return {
        kind: 'screw',
        norm: 'DIN 931',
        d,
        l,
        name: `Sechskantschraube DIN 931 ${sizes} ${grade}${finish}`,
      };
    case 3:
      return {
        kind: 'screw',
        norm: 'DIN 912',
        d,
        l,
        name: `Zylinderschraube DIN 912 ${sizes} ${grade}${finish}`,
      };
    case 4:
      return {
        kind: 'screw',
        norm: 'ISO 4762',
        d,
        l,
        name: `Socket head cap screw ISO 4762 ${sizes} ${grade}${finishEn}`,
      };
    case 5:
      return {
        kind: 'screw',
        norm: 'ISO 10642',
        d,
        l,
        name: `Senkschraube ISO 10642 ${sizes} ${grade}${finish}`,
      };
    case 6:
      return {
        kind: 'screw',
        norm: 'ISO 7380',
        d,
        l,
        name: `Linsenkopfschraube ISO 7380 ${sizes} ${grade}${finish}`,
      };
    default: {
      const st = rng.pick([2.9, 3.5, 3.9, 4.2, 4.8, 5.5, 6.3]);
      const len = rng.pick([9.5, 13, 16, 19, 22, 25, 32]);
      return {
        kind: 'screw',
        norm: 'DIN 7981',
        d: st,
        l: len,
        name: `Blechschraube DIN 7981 ST${comma(st)}x${comma(len)} verzinkt`,
      };
    }
  }
};

const nut = (rng: Rng): Made => {
  const d = rng.pick(DIAMETERS.slice(1));
  const stainless = rng.chance(0.2);
  const variant = rng.int(0, 4);
  const cls = stainless ? rng.pick(['A2', 'A4']) : rng.pick(['8', '10']);
  const finish = stainless ? '' : ` ${rng.pick(FINISH)}`;
  switch (variant) {
    case 0:
      return { kind: 'nut', norm: 'DIN 934', d, l: 0, name: `Sechskantmutter DIN 934 M${d} ${cls}${finish}` };
    case 1:
      return {
        kind: 'nut',
        norm: 'ISO 4032',
        d,
        l: 0,
        name: `ISO 4032 M${d} nut, class ${cls}${stainless ? '' : `, ${rng.pick(FINISH_EN)}`}`,
      };
    case 2:
      return {
        kind: 'nut',
        norm: 'DIN 985',
        d,
        l: 0,
        name: `Sicherungsmutter DIN 985 M${d} ${cls}${finish}`,
      };
    case 3:
      return { kind: 'nut', norm: 'DIN 6923', d, l: 0, name: `Flanschmutter DIN 6923 M${d} ${cls}${finish}` };
    default:
      return {
        kind: 'nut',
        norm: 'DIN 1587',
        d,
        l: 0,
        name: `Hutmutter DIN 1587 M${d} ${stainless ? cls : 'A2'}`,
      };
  }
};

const washer = (rng: Rng): Made => {
  const d = rng.pick(DIAMETERS.slice(1));
  const hole = { 3: 3.2, 4: 4.3, 5: 5.3, 6: 6.4, 8: 8.4, 10: 10.5, 12: 13, 16: 17, 20: 21 }[d] ?? d;
  const variant = rng.int(0, 3);
  switch (variant) {
    case 0:
      return {
        kind: 'washer',
        norm: 'DIN 125',
        d,
        l: 0,
        name: `Scheibe DIN 125-A ${comma(hole)} ${rng.pick(['140 HV', '200 HV', 'A2'])} ${rng.pick(FINISH)}`,
      };
    case 1:
      return { kind: 'washer', norm: 'ISO 7089', d, l: 0, name: `Washer ISO 7089 ${d} 200 HV, zinc plated` };
    case 2:
      return { kind: 'washer', norm: 'DIN 127', d, l: 0, name: `Federring DIN 127 B${d} verzinkt` };
    default:
      return {
        kind: 'washer',
        norm: 'DIN 9021',
        d,
        l: 0,
        name: `Kotflügelscheibe DIN 9021 ${comma(hole)} verzinkt`,
      };
  }
};

const rivet = (rng: Rng): Made => {
  const d = rng.pick([2.4, 3.2, 4, 4.8, 6.4]);
  const l = rng.pick([6, 8, 10, 12, 14, 16, 18, 20]);
  const mat = rng.pick(['Alu/Stahl', 'Alu/Alu', 'Edelstahl A2', 'Stahl/Stahl']);
  return rng.chance(0.7)
    ? {
        kind: 'rivet',
        norm: 'DIN 7337',
        d,
        l,
        name: `Blindniete DIN 7337 ${comma(d)}x${l} ${mat} Flachrundkopf`,
      }
    : { kind: 'rivet', norm: 'ISO 15977', d, l, name: `Blind rivet ISO 15977 ${d.toFixed(1)}x${l} Al/St` };
};

const pin = (rng: Rng): Made => {
  const d = rng.pick([2, 3, 4, 5, 6, 8, 10]);
  const l = rng.pick(LENGTHS.filter((x) => x >= 2 * d && x <= 10 * d));
  const variant = rng.int(0, 3);
  switch (variant) {
    case 0:
      return { kind: 'pin', norm: 'ISO 8734', d, l, name: `Zylinderstift ISO 8734 ${d}x${l} m6 gehärtet` };
    case 1:
      return { kind: 'pin', norm: 'ISO 8752', d, l, name: `Spannstift ISO 8752 ${d}x${l} Federstahl` };
    case 2:
      return { kind: 'pin', norm: 'ISO 1234', d, l, name: `Splint ISO 1234 ${comma(d / 2)}x${l} verzinkt` };
    default: {
      const b = rng.pick([4, 5, 6, 8, 10, 12]);
      return {
        kind: 'pin',
        norm: 'DIN 6885',
        d: b,
        l,
        name: `Passfeder DIN 6885 A ${b}x${Math.max(b - 2, 3)}x${l}`,
      };
    }
  }
};

const ring = (rng: Rng): Made => {
  const d = rng.pick([8, 10, 12, 15, 17, 20, 25, 30, 35, 40]);
  return rng.chance(0.5)
    ? {
        kind: 'ring',
        norm: 'DIN 471',
        d,
        l: 0,
        name: `Sicherungsring DIN 471 ${d}x${d < 20 ? 1 : 1.2} für Wellen`,
      }
    : {
        kind: 'ring',
        norm: 'DIN 472',
        d,
        l: 0,
        name: `Sicherungsring DIN 472 ${d}x${d < 20 ? 1 : 1.2} für Bohrungen`,
      };
};

const FAMILIES: readonly (readonly [(rng: Rng) => Made, number])[] = [
  [screw, 40],
  [nut, 20],
  [washer, 15],
  [rivet, 10],
  [pin, 10],
  [ring, 5],
];

const CERTIFICATES = [
  ['3.1 nach EN 10204', 3],
  ['2.2 nach EN 10204', 3],
  ['RoHS / REACH konform', 2],
  [null, 2],
] as const;

/** A schematic drawing per family, small enough to ship inline as the article image. */
const ICONS: Record<PartKind, string> = {
  screw:
    '<rect x="8" y="24" width="14" height="16" rx="2"/><rect x="22" y="28" width="34" height="8"/><path d="M26 28v8M30 28v8M34 28v8M38 28v8M42 28v8M46 28v8M50 28v8" stroke="#fff"/>',
  nut: '<polygon points="32,8 53,20 53,44 32,56 11,44 11,20"/><circle cx="32" cy="32" r="10" fill="#fff"/>',
  washer: '<circle cx="32" cy="32" r="24"/><circle cx="32" cy="32" r="10" fill="#fff"/>',
  rivet:
    '<ellipse cx="18" cy="32" rx="6" ry="14"/><rect x="18" y="27" width="32" height="10"/><rect x="50" y="30" width="8" height="4"/>',
  pin: '<rect x="8" y="27" width="48" height="10" rx="5"/>',
  ring: '<path d="M32 8a24 24 0 1 1-17 7l6 6a16 16 0 1 0 11-5z"/>',
};
const iconUrl = (kind: PartKind) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" fill="#5a6b7b">${ICONS[kind]}</svg>`,
  )}`;
const ICON_URLS = Object.fromEntries(
  (Object.keys(ICONS) as PartKind[]).map((k) => [k, iconUrl(k)]),
) as Record<PartKind, string>;

/** Grams per piece, roughly: steel volume of the part. */
const weightOf = (m: Made): number => {
  const base = { screw: 0.012, nut: 0.02, washer: 0.008, rivet: 0.006, pin: 0.009, ring: 0.004 }[m.kind];
  const size =
    m.kind === 'screw' || m.kind === 'pin' || m.kind === 'rivet' ? m.d * m.d * m.l : m.d * m.d * m.d;
  return Math.max(0.1, Math.round(base * size * 100) / 100);
};

/** The catalogue: unique names, codes A100001, A100002, ... in generation order. */
export const createCatalog = (rng: Rng, count: number): ArticleSpec[] => {
  const seen = new Set<string>();
  const out: ArticleSpec[] = [];
  let attempts = 0;
  while (out.length < count) {
    const made = rng.weighted(FAMILIES)(rng);
    attempts++;
    if (seen.has(made.name) && attempts < count * 50) continue;
    const name = seen.has(made.name) ? `${made.name} (${out.length + 1})` : made.name;
    seen.add(name);
    const index = out.length + 1;
    const code = `A${100000 + index}`;
    const normDigits = made.norm.replace(/\D/g, '').padStart(4, '0');
    const unitWeight = weightOf(made);
    out.push({
      code,
      name,
      kind: made.kind,
      customerPartNumber: `${normDigits}-${String(Math.round(made.d * 10)).padStart(3, '0')}-${String(made.l).padStart(3, '0')}-${(hash32(name) % 900) + 100}`,
      certificate: rng.weighted(CERTIFICATES),
      image: ICON_URLS[made.kind],
      drawing: rng.chance(0.6) ? `Zeichnung_${code}.pdf` : null,
      unitWeight,
      unitPrice: Math.round((0.004 + unitWeight * 0.003 + rng.next() * 0.05) * 10000) / 10000,
    });
  }
  return out;
};

/** The plain article row of the dataset (without the generator's extras). */
export const toDatasetArticle = ({
  kind: _k,
  unitWeight: _w,
  unitPrice: _p,
  ...article
}: ArticleSpec): DatasetArticle => article;
