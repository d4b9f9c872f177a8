import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoBarcode, expect, expectAccessible, signIn, test } from './fixtures';

// Labels against the real server (issue 17): "Print labels" in the container panel downloads the
// server's PDF; poppler's pdftotext reads it back (poppler-utils, installed by .ci/run).
test('print a container label from its panel: the PDF holds its barcode and place, in the chosen stock', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'kdadmin');
  await page.goto('/location/C001-B01-L01?container=K0000002');
  await expect(page.getByRole('heading', { name: 'Container KB-0000002' })).toBeVisible();
  await page.getByRole('button', { name: 'Print labels', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByText('This container')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('combobox', { name: /^Label stock/ }).click();
  await page.getByRole('option', { name: 'Thermal labels 100 × 50 mm' }).click();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Labels_C001-B01-L01_container.pdf');
  const dir = mkdtempSync(join(tmpdir(), 'falcon-e2e-labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(demoBarcode(2));
    expect(text).toContain('C001-B01-L01');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+283\.46\d* x 141\.73\d* pts/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(page.getByText('Labels downloaded.')).toBeVisible();
});
