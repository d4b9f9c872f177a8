// The comparison behind scripts/reproducible.mjs: two build outputs, file by file, byte by byte.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const listFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
        .sort()
    : [];

/**
 * Every file that is only in one tree or differs between them, with the first differing byte and a
 * little text around it (enough to see a timestamp or a path).
 * @returns {{ file: string, kind: 'only-first' | 'only-second' | 'differs', offset?: number, first?: string, second?: string }[]}
 */
export function compareTrees(firstDir, secondDir) {
  const firstFiles = listFiles(firstDir);
  const secondFiles = new Set(listFiles(secondDir));
  const differences = [];
  for (const file of firstFiles) {
    if (!secondFiles.delete(file)) {
      differences.push({ file, kind: 'only-first' });
      continue;
    }
    const a = readFileSync(join(firstDir, file));
    const b = readFileSync(join(secondDir, file));
    if (a.equals(b)) continue;
    let offset = 0;
    while (offset < a.length && offset < b.length && a[offset] === b[offset]) offset++;
    const around = (bytes) =>
      JSON.stringify(bytes.subarray(Math.max(0, offset - 24), offset + 40).toString('latin1'));
    differences.push({ file, kind: 'differs', offset, first: around(a), second: around(b) });
  }
  for (const file of secondFiles) differences.push({ file, kind: 'only-second' });
  return differences;
}

export function formatDifferences(differences) {
  const lines = [`reproducible: ${differences.length} files differ between the two builds:`];
  // Files with the same name and other bytes first: they show the cause; renamed chunks follow from it.
  const ordered = [...differences].sort(
    (a, b) => Number(b.kind === 'differs') - Number(a.kind === 'differs'),
  );
  for (const d of ordered.slice(0, 50)) {
    if (d.kind === 'differs')
      lines.push(`  ${d.file}: differs at byte ${d.offset}: ${d.first} vs ${d.second}`);
    else lines.push(`  ${d.file}: only in the ${d.kind === 'only-first' ? 'first' : 'second'} build`);
  }
  if (differences.length > 50) lines.push(`  … and ${differences.length - 50} more`);
  return lines.join('\n');
}
