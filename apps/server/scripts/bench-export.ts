/**
 * npm run bench:export -w @falcon/server [-- --rows 100000 --stream]
 *
 * Writes a container export of `rows` rows (every field visible: the widest sheet) with the
 * streaming xlsx writer and prints the time and the growth of the process's resident memory.
 * Targets (server issue): 100,000 rows in under 15 s, RSS growing less than 200 MB.
 * Default: into a Buffer, as the export worker does for the files table; `--stream`: into a
 * discarding stream. Exits 1 when a target is missed.
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type Container, DELIVERY_STATES, FIELD_PERMISSIONS } from '@falcon/api-client';
import { writeContainersXlsx } from '../src/exports/xlsx';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, stream: { type: 'boolean', default: false } },
});
const ROWS = Number(values.rows);
const TARGET_SECONDS = 15;
const TARGET_GROWTH_MB = 200;
const MB = 1024 * 1024;

async function* containers(count: number): AsyncGenerator<Container> {
  for (let n = 1; n <= count; n++) {
    const seq = String(n).padStart(7, '0');
    yield {
      id: `K${seq}`,
      locationCode: `L-${String(n % 40).padStart(3, '0')}`,
      active: n % 50 !== 0,
      alarming: n % 13 === 0,
      code: `KB-${seq}`,
      placeCode: `R${n % 30}-S${n % 8}-P${n % 12}`,
      shelfCode: `S${n % 8}`,
      rackCode: `R${n % 30}`,
      error: n % 97 === 0 ? 'Etikett unlesbar' : null,
      weight: (n % 1000) / 10,
      deliveryStatus: DELIVERY_STATES[n % 3],
      reachInWeeks: (n % 200) / 10,
      consumption: n % 5000,
      annualConsumption: (n % 5000) * 52,
      stockTurnRate: (n % 90) / 7,
      customerPartNumber: `CPN-${(n * 7919) % 1_000_000}`,
      position: n % 12,
      numberOfScans: n % 400,
      obligatory: n % 2 === 0,
      deliveryNoteDate: `2025-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
      deliveryNoteNumber: `LS-${seq}`,
      picture: null,
      expectedDeliveryDate: '2025-12-01',
      fillingQuantity: [50, 100, 250, 500][n % 4],
      price: (n % 10_000) / 100,
      packagingUnit: 'Stk',
      lastScannedDate: new Date(Date.UTC(2025, 5, 1) + n * 60_000).toISOString(),
      containerType: `Behälter ${n % 6}`,
      width: 10 + (n % 5) * 5,
      charge: `CH-${n % 9999}`,
      orderNumber: `B-${n % 77_777}`,
      articleCertificate: n % 3 === 0 ? 'ISO 9001' : null,
      articleName: `Sechskantschraube DIN 933 M${(n % 20) + 3} x ${(n % 10) * 5 + 10} verzinkt`,
      articleCode: `A-${(n * 31) % 200_000}`,
      sticker: null,
      document: null,
      storageCoordinate: `H${n % 4}-G${n % 20}`,
      storageDescription: 'Halle Nord, Gang links',
      barcode: `40${String(n).padStart(10, '0')}0`,
    } as Container;
  }
}

const rss = () => process.memoryUsage().rss;
const baseline = rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 10);

const output = values.stream
  ? new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    })
  : undefined;
const t = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const started = performance.now();
const result = await writeContainersXlsx({
  containers: containers(ROWS),
  granted: Object.values(FIELD_PERMISSIONS),
  t,
  timeZone: 'Europe/Berlin',
  ...(output ? { output } : {}),
});
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, rss());
clearInterval(sampler);

const growthMb = (peak - baseline) / MB;
console.log(
  `rows              ${result.rowCount.toLocaleString('en-US')} (${result.columns.length} columns)`,
);
console.log(
  `output            ${values.stream ? 'stream' : 'Buffer'}, ${(result.size / MB).toFixed(1)} MB xlsx`,
);
console.log(`time              ${seconds.toFixed(2)} s (target < ${TARGET_SECONDS} s)`);
console.log(`rss baseline      ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`);
console.log(`rss growth        ${growthMb.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB)`);
const passed = seconds < TARGET_SECONDS && growthMb < TARGET_GROWTH_MB;
console.log(passed ? 'PASS' : 'FAIL');
if (!passed) process.exitCode = 1;
