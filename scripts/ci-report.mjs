// After `npm test` in .ci/run: the whole run's time and turbo's slowest tasks (from the run summary
// TURBO_RUN_SUMMARY=true writes to .turbo/runs), so every CI log shows where its minutes went.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const started = Number(process.argv[2]);
const runs = join(new URL('..', import.meta.url).pathname, '.turbo', 'runs');
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

if (started) console.log(`\nci: .ci/run took ${minutes(Date.now() - started * 1000)}`);
let newest;
try {
  newest = readdirSync(runs)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(runs, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
} catch {
  // no summary: turbo did not run
}
if (newest) {
  const { tasks } = JSON.parse(readFileSync(newest, 'utf8'));
  const timed = tasks
    .map((t) => ({
      id: t.taskId,
      ms: t.execution ? t.execution.endTime - t.execution.startTime : 0,
      cache: t.cache?.status,
    }))
    .sort((a, b) => b.ms - a.ms);
  console.log('ci: slowest turbo tasks');
  for (const t of timed.slice(0, 5))
    console.log(`  ${t.id.padEnd(32)} ${minutes(t.ms)}${t.cache === 'HIT' ? ' (cached)' : ''}`);
}
