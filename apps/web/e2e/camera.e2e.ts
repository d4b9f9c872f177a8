import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBarcodeVideo } from './barcode-video';
import { chromiumLaunchOptions } from './chromium';
import { demoBarcode, expect, signIn, test } from './fixtures';

// The /app camera scanner with chromium's fake camera, which shows container K0000005's barcode (a Y4M
// frame written here); the permission prompt is answered yes. Linux chromium has no native
// BarcodeDetector, so this runs the ponyfill: zxing's wasm served by the real server, compiled under
// its Content-Security-Policy. Its own browser flags: a file of its own (a new worker).
const video = writeBarcodeVideo(join(tmpdir(), 'falcon-e2e-barcode.y4m'), demoBarcode(5));
test.use({
  launchOptions: chromiumLaunchOptions([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]),
});

test('the camera reads a barcode and finds the container', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|WebAssembly/i.test(message.text())) blocked.push(message.text());
  });
  await signIn(page, 'staff');
  await page.goto('/app');
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByLabel('Camera picture')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Container ${demoBarcode(5)}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Barcode')).toHaveValue(demoBarcode(5));
  // The camera closes once it has read a code.
  await expect(page.getByLabel('Camera picture')).toHaveCount(0);
  expect(blocked).toEqual([]);
});
