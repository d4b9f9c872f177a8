/**
 * npm run bench:labels -w @falcon/server [-- --labels 5000 --layout a4-l7163]
 *
 * Draws a location's worth of container labels (every field visible: the fullest label) with the
 * streaming PDF writer into a discarding stream, as the route streams them into the response, and
 * prints the time, the PDF's size and the process's peak resident memory.
 * Targets (issue 17): 5,000 labels within 30 s and 200 MB RSS. Exits 1 when one is missed.
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { LABEL_LAYOUTS, type LabelLayout } from '@falcon/api-client';
import { type LabelItem, labelPdf } from '../src/labels/pdf';
import { benchContainer } from './label-data';

const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: '5000' },
    layout: { type: 'string', default: 'all' },
  },
});
const COUNT = Number(values.labels);
const TARGET_SECONDS = 30;
const TARGET_RSS_MB = 200;
const MB = 1024 * 1024;
const layouts = (values.layout === 'all' ? LABEL_LAYOUTS : [values.layout]) as LabelLayout[];

async function* items(count: number): AsyncGenerator<LabelItem> {
  for (let n = 1; n <= count; n++)
    yield {
      kind: 'container',
      container: benchContainer(n),
      locationName: 'Zentrallager',
      rackName: `Regal ${String((n % 30) + 1).padStart(2, '0')}`,
      shelfPosition: (n % 8) + 1,
    };
}

const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);

let passed = true;
for (const layout of layouts) {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { doc, write } = labelPdf({ layout, start: 1, language: 'hu', title: 'bench' });
  const ended = new Promise((resolve) => sink.on('finish', resolve));
  doc.pipe(sink);
  const count = await write(items(COUNT));
  await ended;
  const seconds = (performance.now() - started) / 1000;
  // CPU time too: on a shared machine the wall time measures the neighbours as well.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  peak = Math.max(peak, process.memoryUsage().rss);
  const ok = seconds < TARGET_SECONDS && peak / MB < TARGET_RSS_MB;
  passed &&= ok;
  console.log(
    `${layout.padEnd(15)} ${count.toLocaleString('en-US')} labels  ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s)  ${(bytes / MB).toFixed(2)} MB PDF  peak RSS ${(peak / MB).toFixed(0)} MB  ${ok ? 'PASS' : 'FAIL'}`,
  );
}
clearInterval(sampler);
console.log(
  `rss at start ${(baseline / MB).toFixed(0)} MB (the process with pdfkit, bwip-js and the contract loaded)`,
);
console.log(`targets: < ${TARGET_SECONDS} s and < ${TARGET_RSS_MB} MB RSS per run`);
if (!passed) process.exitCode = 1;
