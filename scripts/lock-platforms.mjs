#!/usr/bin/env node
// The registry reachable here serves only the Linux builds of some packages with per-platform
// optional dependencies (biome, turbo). `npm install` then leaves the other platforms out of
// package-lock.json, and `npm ci` refuses a lockfile that lacks any optional dependency.
// This adds a stub entry (version, os, cpu, optional) for each missing one: npm ci skips them
// because they do not match this platform. Run after every `npm install`: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  ['android', 'android'],
  ['darwin', 'darwin'],
  ['win32', 'win32'],
  ['windows', 'win32'],
  ['linux', 'linux'],
  ['freebsd', 'freebsd'],
  ['openharmony', 'openharmony'],
  ['openbsd', 'openbsd'],
  ['netbsd', 'netbsd'],
  ['sunos', 'sunos'],
  ['aix', 'aix'],
];
const CPU = [
  ['arm64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['-64', 'x64'],
  ['arm', 'arm'],
  ['wasm32', 'wasm32'],
  ['riscv64', 'riscv64'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
];

function platformOf(name) {
  const os = OS.find(([key]) => name.includes(key))?.[1];
  const cpu = CPU.find(([key]) => name.includes(key))?.[1];
  return { os, cpu, musl: name.includes('musl') };
}

/** The entry npm resolves `name` to from the package at `path` (its own node_modules, then each parent's). */
function resolved(path, name) {
  let dir = path;
  for (;;) {
    const entry = packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (entry) return entry;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const found = resolved(path, name);
    // Platform bindings pin an exact version: an entry of another version (another copy's) does not count.
    if (found && (!/^\d+\.\d+\.\d+$/.test(version) || found.version === version)) continue;
    const { os, cpu, musl } = platformOf(name);
    if (!os && !cpu) continue;
    // Beside the package that wants it, where npm would place a copy of another version.
    const at = path
      ? `${path.slice(0, path.lastIndexOf('node_modules/'))}node_modules/${name}`
      : `node_modules/${name}`;
    packages[at] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(musl ? { libc: ['musl'] } : {}),
    };
    added++;
  }
}
// npm keeps packages sorted by path; keep the diff small.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: ${added} platform entries added`);
