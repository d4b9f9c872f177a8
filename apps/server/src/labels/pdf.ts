import { createRequire } from 'node:module';
import type { Container, LabelLayout, LabelSheet } from '@falcon/api-client';
import { LABEL_SHEETS, labelsFor } from '@falcon/api-client';
import { type Language, localeOf } from '@falcon/locales';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans from npm (dejavu-fonts-ttf), embedded as a subset: the 14 standard PDF fonts have no
 * ő ű ł ș ț (hu, pl, ro) and no ě ř ů (cs). Read once per process.
 */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MM = 72 / 25.4;

/** What one label shows; every field optional that the caller may not see (the field filter dropped it). */
export type LabelItem =
  | {
      kind: 'container';
      /** The container as the field filter left it for the caller. */
      container: Container;
      locationName: string;
      rackName: string;
      shelfPosition: number | null;
    }
  | {
      kind: 'shelf';
      locationCode: string;
      locationName: string;
      rackName: string;
      rackPosition: number;
      shelfPosition: number;
      /** Absent without PERM_FIELD_SHELFCODE. */
      shelfCode?: string;
    }
  | {
      kind: 'rack';
      locationCode: string;
      locationName: string;
      rackName: string;
      rackPosition: number;
      /** Absent without PERM_FIELD_RACKCODE. */
      rackCode?: string;
    };

/** The printed words of a label (location.json `labels.pdf`) and the field names (the shared labels). */
interface Words {
  location: string;
  rack: string;
  shelf: string;
  place: string;
  fields: ReturnType<typeof labelsFor>['fields'];
  number: Intl.NumberFormat;
}

const wordsCache = new Map<Language, Words>();
const wordsOf = (language: Language): Words => {
  let words = wordsCache.get(language);
  if (!words) {
    const json = require(`@falcon/locales/${localeOf(language)}/location.json`) as {
      labels: { pdf: { location: string; rack: string; shelf: string; place: string } };
    };
    words = {
      ...json.labels.pdf,
      fields: labelsFor(language).fields,
      // Spec: numbers with exactly two fraction digits, in the reader's notation.
      number: new Intl.NumberFormat(localeOf(language), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    };
    wordsCache.set(language, words);
  }
  return words;
};

type Doc = InstanceType<typeof PDFDocument>;

/** Code 128 as vector bars (bwip-js encodes; we draw rectangles): sharp at any printer resolution. */
const drawCode128 = (doc: Doc, text: string, x: number, y: number, maxWidth: number, height: number) => {
  const [encoded] = bwipjs.raw({ bcid: 'code128', text }) as unknown as [{ sbs: number[] }];
  const modules = encoded.sbs.reduce((a, b) => a + b, 0);
  // Quiet zone of 10 modules each side; a module at most 0.33 mm (readable, not wider than needed).
  const module = Math.min(0.33 * MM, maxWidth / (modules + 20));
  let cursor = x + 10 * module;
  encoded.sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, width * module, height);
    cursor += width * module;
  });
  doc.fill('black');
  // Where the bars begin: the human-readable line is set under them.
  return x + 10 * module;
};

/** DataMatrix as vector modules, `size` points square at most. */
const drawDataMatrix = (doc: Doc, text: string, x: number, y: number, size: number) => {
  const [encoded] = bwipjs.raw({ bcid: 'datamatrix', text }) as unknown as [
    { pixs: number[]; pixx: number; pixy: number },
  ];
  // One module of quiet zone around the symbol (the standard's minimum).
  const module = size / (Math.max(encoded.pixx, encoded.pixy) + 2);
  for (let row = 0; row < encoded.pixy; row++)
    for (let col = 0; col < encoded.pixx; col++)
      if (encoded.pixs[row * encoded.pixx + col])
        doc.rect(x + (col + 1) * module, y + (row + 1) * module, module, module);
  doc.fill('black');
};

/** The text cut to `width` with an ellipsis (one line; labels never wrap into the barcode). */
const fitted = (doc: Doc, text: string, width: number): string => {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
};

/**
 * One line of text: shrunk to fit its width down to 70 % of `size`, cut with an ellipsis only
 * beyond that (a long article name on a narrow label). Returns the next line's top.
 */
const line = (doc: Doc, text: string, x: number, y: number, width: number, size: number, bold = false) => {
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  const natural = doc.widthOfString(text);
  if (natural > width) doc.fontSize(Math.max(size * 0.7, (size * width) / natural));
  doc.text(fitted(doc, text, width), x, y, { lineBreak: false });
  return y + size * 1.2;
};

/** Scale of the type: the A4 labels are 38.1 mm high, the thermal ones 50 mm. */
const typeScale = (sheet: LabelSheet) => Math.min(1.25, sheet.label.height / 38.1);

const drawContainer = (
  doc: Doc,
  item: Extract<LabelItem, { kind: 'container' }>,
  words: Words,
  box: { x: number; y: number; w: number; h: number },
  scale: number,
) => {
  const c = item.container;
  const pad = 2.5 * MM;
  const scanValue = c.barcode ?? c.code;
  const codeSize = scanValue ? Math.min(box.h - 2 * pad - 11 * MM * scale, box.w * 0.3) : 0;
  const textX = box.x + pad;
  const textW = box.w - 2 * pad - (codeSize ? codeSize + 1.5 * MM : 0);
  let y = box.y + pad;
  const head = c.articleCode ?? c.code ?? '';
  if (head) y = line(doc, head, textX, y, textW, 11 * scale, true);
  if (c.articleName) y = line(doc, c.articleName, textX, y, textW, 7.5 * scale);
  if (c.customerPartNumber)
    y = line(doc, `${words.fields.customerPartNumber}: ${c.customerPartNumber}`, textX, y, textW, 7 * scale);
  const place = [
    `${words.location} ${c.locationCode}`,
    item.rackName,
    item.shelfPosition !== null ? `${words.shelf} ${item.shelfPosition}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  y = line(doc, place, textX, y, textW, 6.5 * scale);
  if (c.placeCode) y = line(doc, `${words.place} ${c.placeCode}`, textX, y, textW, 6.5 * scale);
  const quantity = [
    c.fillingQuantity !== undefined ? words.number.format(c.fillingQuantity) : null,
    c.packagingUnit ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  if (quantity) {
    const label = c.fillingQuantity !== undefined ? words.fields.fillingQuantity : words.fields.packagingUnit;
    y = line(doc, `${label}: ${quantity}`, textX, y, textW, 7.5 * scale, true);
  }
  if (scanValue) {
    drawDataMatrix(doc, scanValue, box.x + box.w - pad - codeSize, box.y + pad, codeSize);
    const barHeight = 7 * MM * scale;
    const barY = box.y + box.h - pad - barHeight - 6 * scale;
    const barsX = drawCode128(doc, scanValue, box.x + pad, barY, box.w - 2 * pad, barHeight);
    doc.font('regular').fontSize(6 * scale);
    doc.text(scanValue, barsX, barY + barHeight + 0.5, { lineBreak: false });
  }
};

const drawPlace = (
  doc: Doc,
  item: Exclude<LabelItem, { kind: 'container' }>,
  words: Words,
  box: { x: number; y: number; w: number; h: number },
  scale: number,
) => {
  const pad = 2.5 * MM;
  const code = item.kind === 'rack' ? item.rackCode : item.shelfCode;
  const codeSize = code ? Math.min(box.h - 2 * pad - 11 * MM * scale, box.w * 0.3) : 0;
  const textX = box.x + pad;
  const textW = box.w - 2 * pad - (codeSize ? codeSize + 1.5 * MM : 0);
  let y = box.y + pad;
  // Rack names are what the grid shows ("Regal 01"): printed as they are, the shelf by its position.
  y = line(doc, item.rackName, textX, y, textW, 13 * scale, true);
  if (item.kind === 'shelf')
    y = line(doc, `${words.shelf} ${item.shelfPosition}`, textX, y, textW, 13 * scale, true);
  y = line(doc, `${words.location} ${item.locationCode}`, textX, y, textW, 7.5 * scale);
  y = line(doc, item.locationName, textX, y, textW, 7.5 * scale);
  if (code) {
    drawDataMatrix(doc, code, box.x + box.w - pad - codeSize, box.y + pad, codeSize);
    const barHeight = 7 * MM * scale;
    const barY = box.y + box.h - pad - barHeight - 6 * scale;
    const barsX = drawCode128(doc, code, box.x + pad, barY, box.w - 2 * pad, barHeight);
    doc.font('regular').fontSize(6 * scale);
    doc.text(code, barsX, barY + barHeight + 0.5, { lineBreak: false });
  }
};

export interface LabelPdfOptions {
  layout: LabelLayout;
  /** The first free label of the first sheet (1-based, row by row). */
  start: number;
  language: Language;
  title: string;
}

/** Labels drawn between yields to the event loop: a long document never stalls other requests. */
const YIELD_EVERY = 200;

/**
 * A label PDF as a stream: pdfkit writes each page out as soon as the next one begins (pages are
 * not buffered), so memory stays flat however many labels a location has. Call `write(items)` and
 * pipe the returned document; it ends itself. Build-stable: no creation date in the file.
 */
export const labelPdf = (options: LabelPdfOptions) => {
  const sheet = LABEL_SHEETS[options.layout];
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [sheet.page.width * MM, sheet.page.height * MM],
    margin: 0,
    info: { Title: options.title, Creator: 'Falcon', CreationDate: new Date(0) },
    compress: true,
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const words = wordsOf(options.language);
  const scale = typeScale(sheet);
  const perSheet = sheet.columns * sheet.rows;

  const write = async (items: AsyncIterable<LabelItem> | Iterable<LabelItem>): Promise<number> => {
    let slot = options.start - 1;
    let count = 0;
    try {
      for await (const item of items) {
        if (count === 0 || slot === perSheet) {
          doc.addPage();
          if (count > 0) slot = 0;
        }
        const column = slot % sheet.columns;
        const row = Math.floor(slot / sheet.columns);
        const box = {
          x: (sheet.left + column * sheet.pitchX) * MM,
          y: (sheet.top + row * sheet.pitchY) * MM,
          w: sheet.label.width * MM,
          h: sheet.label.height * MM,
        };
        doc.save();
        doc.rect(box.x, box.y, box.w, box.h).clip();
        if (item.kind === 'container') drawContainer(doc, item, words, box, scale);
        else drawPlace(doc, item, words, box, scale);
        doc.restore();
        slot++;
        count++;
        if (count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // No label at all: one empty page, so the file is still a PDF a viewer opens.
      if (count === 0) doc.addPage();
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
      throw error;
    }
    return count;
  };
  return { doc, write };
};
