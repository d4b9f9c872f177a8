import { type DeliveryState, isAlarming } from '@falcon/api-client';
import type { ArticleSpec } from './catalog';
import type { CountryCode } from './geography';
import { type LocationLayout, placeCode } from './layout';
import { type DateTools, hash32, pad, Rng } from './random';
import type { DatasetContainer } from './types';

/** Container numbers: id `K0000001`, label code `KB-0000001`, EAN-13 barcode `40` + 10 digits + check. */
export const containerId = (seq: number) => `K${pad(seq, 7)}`;
export const containerCode = (seq: number) => `KB-${pad(seq, 7)}`;
export const ean13 = (seq: number): string => {
  // Digits 3-12 are the sequence number; weights alternate 1, 3 from the left ('4' x1, '0' x3).
  let sum = 4;
  let rest = seq;
  for (let i = 11; i >= 2; i--) {
    sum += (rest % 10) * (i % 2 === 0 ? 1 : 3);
    rest = Math.floor(rest / 10);
  }
  return `40${pad(seq, 10)}${(10 - (sum % 10)) % 10}`;
};

/** Every `n`-th container has a delivery note document (`DOC-K0000007`). */
export const hasContainerDocument = (seq: number, every: number) => seq % every === 0;
export const containerDocumentId = (seq: number) => `DOC-${containerId(seq)}`;
export const containerDocumentName = (seq: number) => `Lieferschein_${containerCode(seq)}.pdf`;

const DELIVERY_STATES: readonly (readonly [DeliveryState, number])[] = [
  ['inaccess', 70],
  ['indelivery', 20],
  ['backorder', 10],
];
const PACKAGING_UNITS = [50, 100, 200, 250, 500, 1000, 2000] as const;
const ERRORS = [
  'Etikett unlesbar',
  'Falscher Artikel im Behälter',
  'Behälter beschädigt',
  'Barcode doppelt gescannt',
  'Platz belegt, Behälter fehlt',
  'Mindestbestand unterschritten, keine Nachlieferung',
] as const;
const STICKERS = ['Kanban rot', 'Kanban gelb', 'Sonderteil', 'Sperrbestand', 'FIFO'] as const;
const DESCRIPTION: Record<CountryCode, (r: number, s: number, p: number) => string> = {
  DE: (r, s, p) => `Regal ${r}, Ebene ${s}, Platz ${p}`,
  CZ: (r, s, p) => `Regál ${r}, patro ${s}, místo ${p}`,
  PL: (r, s, p) => `Regał ${r}, półka ${s}, miejsce ${p}`,
  HU: (r, s, p) => `${r}. állvány, ${s}. polc, ${p}. hely`,
  RO: (r, s, p) => `Raft ${r}, nivel ${s}, loc ${p}`,
};
const CPN_FORMATS = ['N ### ### ##', 'A ### ### ## ##', '##.###.###', 'VN-######', '###-####-##'] as const;

/** The customer's own part number for an article: one format per concern, digits from hashes. */
const customerPartNumber = (concernCode: string, articleCode: string): string => {
  const format = CPN_FORMATS[hash32(concernCode) % CPN_FORMATS.length] as string;
  const digits = [0, 1].map((i) => pad(hash32(`${concernCode}/${articleCode}/${i}`), 10)).join('');
  let k = 0;
  return format.replace(/#/g, () => digits[k++] as string);
};

export interface ContainerContext {
  seed: number;
  dates: DateTools;
  /** The articles a concern stocks. */
  assortment: (concernCode: string) => readonly ArticleSpec[];
  documentEvery: number;
}

/**
 * The containers of one location, generated from a PRNG seeded by the location's code: the same
 * seed always gives the same containers, and a location can be generated without the others.
 */
export const containersOf = (layout: LocationLayout, ctx: ContainerContext): DatasetContainer[] => {
  const out: DatasetContainer[] = [];
  const { location } = layout;
  const rng = new Rng(`${ctx.seed}:${location.code}:containers`);
  const articles = ctx.assortment(location.concernCode);
  const { at, day } = ctx.dates;
  const hall = String.fromCharCode(65 + (layout.indexInBranch % 26));
  const describe = DESCRIPTION[layout.country];
  const partNumbers = new Map<string, string>();
  const partNumberOf = (articleCode: string) => {
    let cpn = partNumbers.get(articleCode);
    if (cpn === undefined) {
      cpn = customerPartNumber(location.concernCode, articleCode);
      partNumbers.set(articleCode, cpn);
    }
    return cpn;
  };
  let seq = layout.firstSeq;
  for (const { rack, shelves } of layout.racks) {
    for (const { shelf, bin, occupied } of shelves) {
      for (let p = 0; p < shelf.placeCount; p++) {
        if (!(occupied & (1 << p))) continue;
        const article = rng.pick(articles);
        const deliveryStatus = rng.weighted(DELIVERY_STATES);
        const packaging = rng.pick(PACKAGING_UNITS);
        const fillingQuantity = packaging * rng.int(1, 4);
        // Reach: mostly comfortable, about one in ten at or below the alarm threshold.
        const reachInWeeks = rng.chance(0.1)
          ? rng.float(0, 1, 1)
          : deliveryStatus === 'backorder'
            ? rng.float(0.5, 4, 1)
            : rng.float(1.1, 16, 1);
        const active = !rng.chance(0.03);
        const consumption = Math.max(1, Math.round(fillingQuantity / Math.max(reachInWeeks, 0.5)));
        const annualConsumption = consumption * 52;
        const numberOfScans = rng.int(0, 420);
        const hasNote = deliveryStatus !== 'backorder';
        const position = p + 1;
        const rackNo = rack.position;
        const doc = hasContainerDocument(seq, ctx.documentEvery);
        const number = pad(seq, 7);
        out.push({
          id: `K${number}`,
          locationCode: location.code,
          active,
          alarming: isAlarming(reachInWeeks, active),
          code: `KB-${number}`,
          placeCode: placeCode(shelf.code, position),
          shelfCode: shelf.code,
          rackCode: rack.code,
          error: rng.chance(0.05) ? rng.pick(ERRORS) : null,
          weight: Math.round((fillingQuantity * article.unitWeight + bin.width * 4) / 10) / 100,
          deliveryStatus,
          reachInWeeks,
          consumption,
          annualConsumption,
          stockTurnRate: Math.round((annualConsumption / fillingQuantity) * 100) / 100,
          customerPartNumber: partNumberOf(article.code),
          position,
          numberOfScans,
          obligatory: rng.chance(0.75),
          deliveryNoteDate: hasNote ? day(-rng.int(1, 60)) : null,
          deliveryNoteNumber: hasNote ? `LS-${rng.int(10_000_000, 99_999_999)}` : null,
          picture: rng.chance(0.7) ? article.image : null,
          expectedDeliveryDate:
            deliveryStatus === 'indelivery'
              ? day(rng.int(1, 14))
              : deliveryStatus === 'backorder'
                ? day(rng.int(7, 42))
                : null,
          fillingQuantity,
          price: Math.round(article.unitPrice * packaging * 100) / 100,
          packagingUnit: `${packaging} Stk`,
          lastScannedDate: numberOfScans === 0 ? null : at(-rng.float(0, 90, 3)),
          containerType: bin.name,
          width: bin.width,
          charge: rng.chance(0.9)
            ? `CH${ctx.dates.now.getUTCFullYear()}-${pad(rng.int(1, 99_999), 5)}`
            : null,
          orderNumber: rng.chance(0.85) ? `45${pad(rng.int(0, 99_999_999), 8)}` : null,
          articleCertificate: article.certificate,
          articleName: article.name,
          articleCode: article.code,
          sticker: rng.chance(0.15) ? rng.pick(STICKERS) : null,
          document: doc ? containerDocumentName(seq) : null,
          storageCoordinate: `${hall}-${pad(rackNo, 2)}-${shelf.position}-${pad(position, 2)}`,
          storageDescription: rng.chance(0.6) ? describe(rackNo, shelf.position, position) : null,
          barcode: ean13(seq),
          concernCode: location.concernCode,
          branchCode: location.branchCode,
        });
        seq++;
      }
    }
  }
  return out;
};
