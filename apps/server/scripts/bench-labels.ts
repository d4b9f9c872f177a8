/**
 * npm run bench:labels -w @falcon/server [-- --labels 5000 --layout a4-l7163] [-- --server]
 *
 * `--server`: the real route end to end instead: starts the built server on the demo data, signs in
 * as kdadmin and downloads the container labels of the whole location C001-B01-L01 (5,026 containers)
 * per layout; prints the time to the last byte, the size and the server's peak RSS (VmHWM).
 *
 * Draws a location's worth of container labels (every field visible: the fullest label) with the
 * streaming PDF writer into a discarding stream, as the route streams them into the response, and
 * prints the time, the PDF's size and the process's peak resident memory.
 * Targets (issue 17): 5,000 labels within 30 s and 200 MB RSS. Exits 1 when one is missed.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { LABEL_LAYOUTS, type LabelLayout } from '@falcon/api-client';
import { startServer } from '../../../scripts/server-process.mjs';
import { type LabelItem, labelPdf } from '../src/labels/pdf';
import { benchContainer } from './label-data';

const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: '5000' },
    layout: { type: 'string', default: 'all' },
    server: { type: 'boolean', default: false },
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

if (values.server) {
  const server = await startServer({}, { requireWeb: false });
  // The server's resident memory now (VmRSS); its high-water mark would be the demo seeding's.
  const rssMb = () =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  try {
    const signin = await fetch(`${server.origin}/api/rest/v2/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username: 'kdadmin', password: 'demo1234' }),
    });
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    let ok = true;
    for (const layout of layouts) {
      const before = rssMb();
      let peakRss = before;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb());
      }, 50);
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/rest/v2/location/C001-B01-L01/labels?lang=hu`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
        body: JSON.stringify({ layout }),
      });
      const first = performance.now();
      const bytes = (await res.arrayBuffer()).byteLength;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const pass = res.status === 200 && seconds < TARGET_SECONDS && peakRss < TARGET_RSS_MB + before;
      ok &&= pass;
      console.log(
        `${layout.padEnd(15)} C001-B01-L01 (whole location)  HTTP ${res.status}  first byte ${((first - started) / 1000).toFixed(2)} s  last byte ${seconds.toFixed(2)} s  ${(bytes / MB).toFixed(2)} MB PDF  server RSS ${before.toFixed(0)} -> peak ${peakRss.toFixed(0)} MB  ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(
      `targets: < ${TARGET_SECONDS} s to the last byte, the server's RSS growing < ${TARGET_RSS_MB} MB`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
  process.exit();
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
