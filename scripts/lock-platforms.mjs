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
];
const CPU = [
  ['arm64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['-64', 'x64'],
  ['arm', 'arm'],
];

function platformOf(name) {
  const os = OS.find(([key]) => name.includes(key))?.[1];
  const cpu = CPU.find(([key]) => name.includes(key))?.[1];
  return { os, cpu, musl: name.includes('musl') };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const { os, cpu, musl } = platformOf(name);
    if (!os) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
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
