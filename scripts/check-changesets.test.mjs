import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { missingChangesets } from './check-changesets.mjs';

const root = mkdtempSync(join(tmpdir(), 'falcon-changesets-'));
after(() => rmSync(root, { recursive: true, force: true }));
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const write = (file, text) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
const commit = (message) => {
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', message);
  return git('rev-parse', 'HEAD');
};
const changeset = (name) => `---\n'${name}': patch\n---\n\nA change.\n`;

git('init', '-q');
write('packages/ui/src/Badge/Badge.tsx', 'export const Badge = 1;');
write('packages/api-client/src/index.ts', 'export {};');
const since = commit('baseline');

test('a change to a versioned package without a changeset is named', () => {
  write('packages/ui/src/Badge/Badge.tsx', 'export const Badge = 2;');
  const sha = commit('ui: badge').slice(0, 7);
  assert.deepEqual(missingChangesets(root, since), [
    `${sha} changes @falcon/ui (packages/ui/src/Badge/Badge.tsx) without a changeset`,
  ]);
});

test('a later changeset naming the package covers it; tests and stories need none', () => {
  write('.changeset/badge.md', changeset('@falcon/ui'));
  commit('changeset for the badge');
  write('packages/ui/src/Badge/Badge.test.tsx', 'test');
  write('packages/ui/src/Badge/Badge.stories.tsx', 'story');
  commit('ui: tests');
  assert.deepEqual(missingChangesets(root, since), []);
});

test("another package's changeset does not count", () => {
  write('packages/api-client/src/index.ts', 'export const x = 1;');
  write('.changeset/other.md', changeset('@falcon/ui'));
  const sha = commit('api-client: x').slice(0, 7);
  assert.deepEqual(missingChangesets(root, since), [
    `${sha} changes @falcon/api-client (packages/api-client/src/index.ts) without a changeset`,
  ]);
  write('.changeset/api.md', changeset('@falcon/api-client'));
  commit('changeset for the client');
});

test('uncommitted changes need an uncommitted changeset', () => {
  write('packages/api-client/src/index.ts', 'export const x = 2;');
  assert.deepEqual(missingChangesets(root, since), [
    'uncommitted changes to @falcon/api-client (packages/api-client/src/index.ts) without a changeset',
  ]);
  write('.changeset/api-2.md', changeset('@falcon/api-client'));
  assert.deepEqual(missingChangesets(root, since), []);
});
