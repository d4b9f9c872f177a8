// The time a build stamps into its output: the time of the source it was built from, never the clock,
// so that two builds of one commit are byte-identical (scripts/reproducible.mjs checks it). The
// reproducible-builds convention SOURCE_DATE_EPOCH (seconds) wins; else the last commit's time; else
// (no git, no variable) 1970-01-01, still reproducible.
import { execFileSync } from 'node:child_process';

/** @returns {Date} */
export function sourceDate() {
  if (process.env.SOURCE_DATE_EPOCH) return new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000);
  try {
    const seconds = execFileSync('git', ['log', '-1', '--format=%ct'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return new Date(Number(seconds) * 1000);
  } catch {
    return new Date(0);
  }
}
