import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { compareTrees, formatDifferences } from './compare.mjs';

const base = mkdtempSync(join(tmpdir(), 'falcon-compare-'));
after(() => rmSync(base, { recursive: true, force: true }));

const tree = (name, files) => {
  const dir = join(base, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
};

test('identical trees have no differences', () => {
  const files = { 'index.html': '<script src="/assets/a.js">', 'assets/a.js': 'export{}' };
  assert.deepEqual(compareTrees(tree('same-a', files), tree('same-b', files)), []);
});

test('names a file whose bytes differ, where, and what is there', () => {
  const [difference, ...rest] = compareTrees(
    tree('stamp-a', { 'assets/index.js': 'const BUILD="2026-11-24T04:00:00Z";' }),
    tree('stamp-b', { 'assets/index.js': 'const BUILD="2026-11-25T04:00:00Z";' }),
  );
  assert.equal(rest.length, 0);
  assert.equal(difference.file, 'assets/index.js');
  assert.equal(difference.offset, 22);
  assert.match(
    formatDifferences([difference]),
    /assets\/index\.js: differs at byte 22: .*2026-11-24.* vs .*2026-11-25/,
  );
});

test('names files that only one build has (a chunk under another name)', () => {
  const differences = compareTrees(
    tree('chunks-a', { 'assets/c-AAAA.js': 'x', 'assets/nested/keep.js': 'k' }),
    tree('chunks-b', { 'assets/c-BBBB.js': 'x', 'assets/nested/keep.js': 'k' }),
  );
  assert.deepEqual(
    differences.map(({ file, kind }) => [file, kind]),
    [
      ['assets/c-AAAA.js', 'only-first'],
      ['assets/c-BBBB.js', 'only-second'],
    ],
  );
});
