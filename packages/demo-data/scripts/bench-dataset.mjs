// Streams the `large` dataset and reports sizes, time and memory: `npm run bench:dataset` (after a build).
import { createDataset, LARGE_MIN_CONTAINERS } from '../dist/index.js';

const scales = process.argv.slice(2).length ? process.argv.slice(2) : ['small', 'demo', 'large'];
const mb = () => Math.round(process.memoryUsage().heapUsed / 1e6);

for (const scale of scales) {
  let started = performance.now();
  const dataset = createDataset({ seed: 1, scale });
  const treeMs = Math.round(performance.now() - started);
  started = performance.now();
  let containers = 0;
  let alarming = 0;
  for (const batch of dataset.containerBatches(1000)) {
    containers += batch.length;
    for (const c of batch) if (c.alarming) alarming++;
  }
  const streamMs = Math.round(performance.now() - started);
  console.log(
    `${scale}: ${dataset.concerns.length} concerns, ${dataset.branches.length} branches, ` +
      `${dataset.locations.length} locations, ${dataset.racks.length} racks, ${dataset.shelves.length} shelves, ` +
      `${dataset.placeCount} places, ${containers} containers (${alarming} alarming), ${dataset.articles.length} articles, ` +
      `${dataset.users.length} users; created in ${treeMs} ms, streamed in ${streamMs} ms, heap ${mb()} MB`,
  );
  if (containers !== dataset.containerCount)
    throw new Error(`${scale}: streamed ${containers} != ${dataset.containerCount}`);
  if (scale === 'large' && containers < LARGE_MIN_CONTAINERS)
    throw new Error(`large: only ${containers} containers`);
}
