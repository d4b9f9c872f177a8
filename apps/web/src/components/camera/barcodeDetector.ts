/** The part of the BarcodeDetector API the scanner uses (native, or the zxing-wasm ponyfill). */
export interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

const FORMATS = ['ean_13', 'ean_8', 'code_128', 'code_39', 'qr_code', 'data_matrix', 'itf', 'upc_a'];

type NativeCtor = new (options?: { formats?: string[] }) => Detector;

/**
 * The browser's BarcodeDetector where it exists (Chrome on Android, Safari 17+); elsewhere the
 * `barcode-detector` ponyfill, loaded only then, with its wasm served by our own origin (no CDN).
 */
export const createDetector = async (): Promise<Detector> => {
  const native = (globalThis as { BarcodeDetector?: NativeCtor }).BarcodeDetector;
  if (native) return new native({ formats: FORMATS });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now rather than on the first frame, so that a reader that cannot load is reported at once.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: FORMATS as never });
};
