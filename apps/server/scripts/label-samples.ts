/**
 * npx tsx scripts/label-samples.ts [out dir]
 *
 * Writes sample label PDFs (every layout, container/shelf/rack labels, German and Hungarian) from
 * made-up containers, and their first pages as PNG (pdftoppm -png -r 80) for docs/labels/.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { type Container, LABEL_LAYOUTS, type LabelLayout } from '@falcon/api-client';
import type { Language } from '@falcon/locales';
import { type LabelItem, labelPdf } from '../src/labels/pdf';
import { benchContainer } from './label-data';

const out = process.argv[2] ?? '../../docs/labels';
// npm run labels:samples -w @falcon/server -- /tmp/labels (PNGs into docs/labels: copy them).
mkdirSync(out, { recursive: true });

const write = async (name: string, layout: LabelLayout, language: Language, items: LabelItem[]) => {
  const file = join(out, `${name}.pdf`);
  const { doc, write: draw } = labelPdf({ layout, start: 1, language, title: name });
  const stream = createWriteStream(file);
  doc.pipe(stream);
  await draw(items);
  await finished(stream);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, join(out, name)]);
  console.log(file);
};

const containers = (n: number, language: Language): LabelItem[] =>
  Array.from({ length: n }, (_, i) => {
    const c: Container = benchContainer(i + 1);
    if (language === 'hu' && i === 0) c.articleName = 'Hatlapfejű csavar, horganyzott – ő ű ł ș ț';
    return {
      kind: 'container',
      container: c,
      locationName: 'Zentrallager',
      rackName: `Regal ${String((i % 30) + 1).padStart(2, '0')}`,
      shelfPosition: (i % 8) + 1,
    };
  });

for (const layout of LABEL_LAYOUTS) {
  await write(
    `containers-${layout}-hu`,
    layout,
    'hu',
    containers(layout === 'thermal-100x50' ? 3 : 21, 'hu'),
  );
}
await write(
  'shelves-a4-l7160-de',
  'a4-l7160',
  'de',
  Array.from({ length: 21 }, (_, i) => ({
    kind: 'shelf',
    locationCode: 'C001-B01-L01',
    locationName: 'Zentrallager',
    rackName: `Regal ${String(Math.floor(i / 6) + 1).padStart(2, '0')}`,
    rackPosition: Math.floor(i / 6) + 1,
    shelfPosition: (i % 6) + 1,
    shelfCode: `C001-B01-L01-R${String(Math.floor(i / 6) + 1).padStart(2, '0')}-S${(i % 6) + 1}`,
  })),
);
await write('racks-thermal-100x50-pl', 'thermal-100x50', 'pl', [
  {
    kind: 'rack',
    locationCode: 'C001-B01-L01',
    locationName: 'Zentrallager',
    rackName: 'Regal 01',
    rackPosition: 1,
    rackCode: 'C001-B01-L01-R01',
  },
]);
