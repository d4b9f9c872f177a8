import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads a PDF back as a user's tools would: its text through poppler's pdftotext, its pages
 * rendered by pdftoppm and decoded by zxing-wasm, the reader the web app's scanner falls back to
 * (barcode-detector's ponyfill), its wasm loaded from node_modules instead of a CDN.
 */
const withFile = <T>(pdf: Buffer, run: (dir: string, file: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), 'falcon-pdf-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    return run(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const pdfText = (pdf: Buffer, pages?: { first: number; last: number }): string =>
  withFile(pdf, (_dir, file) =>
    execFileSync(
      'pdftotext',
      [...(pages ? ['-f', String(pages.first), '-l', String(pages.last)] : []), '-layout', file, '-'],
      { encoding: 'utf8' },
    ),
  );

export const pdfPageCount = (pdf: Buffer): number =>
  withFile(pdf, (_dir, file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  });

/** The page size in millimetres (pdfinfo reports points). */
export const pdfPageSizeMm = (pdf: Buffer): { width: number; height: number } =>
  withFile(pdf, (_dir, file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
    return { width: (Number(w) * 25.4) / 72, height: (Number(h) * 25.4) / 72 };
  });

let ready: Promise<unknown> | undefined;
const reader = () => {
  ready ??= prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
        .buffer as ArrayBuffer,
    },
    fireImmediately: true,
  });
  return ready;
};

export interface Decoded {
  format: string;
  text: string;
}

/** Every barcode on one page, rendered at `dpi` (300: a common label printer's resolution). */
export const pdfBarcodes = async (pdf: Buffer, page = 1, dpi = 300): Promise<Decoded[]> => {
  await reader();
  const png = withFile(pdf, (dir, file) => {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      join(dir, 'page'),
    ]);
    const name = readdirSync(dir).find((f) => f.endsWith('.png'));
    if (!name) throw new Error('pdftoppm wrote no page');
    return readFileSync(join(dir, name));
  });
  const found = await readBarcodes(new Uint8Array(png), {
    formats: ['Code128', 'DataMatrix'],
    maxNumberOfSymbols: 255,
    tryHarder: true,
  });
  return found.filter((b) => b.isValid).map((b) => ({ format: b.format, text: b.text }));
};

/** Every barcode of the given formats in a PNG (a QR code the server drew, rasterised). */
export const pngBarcodes = async (
  png: Buffer,
  formats: ('QRCode' | 'Code128' | 'DataMatrix')[],
): Promise<Decoded[]> => {
  await reader();
  const found = await readBarcodes(new Uint8Array(png), { formats, tryHarder: true });
  return found.filter((b) => b.isValid).map((b) => ({ format: b.format, text: b.text }));
};
