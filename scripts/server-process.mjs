// Starts the built Falcon server as a child process on a free loopback port with a fresh data
// directory (embedded PGlite) and the demo data, for end-to-end tests and benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The built server's entry point (`npm run build -w @falcon/server`). */
const SERVER_ENTRY = join(root, 'apps/server/dist/server.js');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Resolves once the server answers /version.txt, with its origin and `stop()` (SIGTERM, waits for the
 * exit, removes the data directory). `env` adds to or overrides the server's environment.
 * Options: `timeoutMs`; `requireWeb` (default true: the built web app must exist too; API-only
 * tests pass false); `entry` (another build of the server, for A/B benchmarks); `dataDir` (use this data directory instead of a fresh one; it is then kept by
 * `stop()`, so a second start can reuse it); `outputLimit` (characters of output kept, default 20,000).
 */
export async function startServer(
  env = {},
  {
    timeoutMs = 180_000,
    requireWeb = true,
    dataDir: givenDir,
    outputLimit = 20_000,
    entry = SERVER_ENTRY,
  } = {},
) {
  if (!existsSync(entry)) throw new Error('build the server first: npm run build -w @falcon/server');
  if (requireWeb && !existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('build the server and the web app first: npm run build');
  const port = await freePort();
  const dataDir = givenDir ?? mkdtempSync(join(tmpdir(), 'falcon-server-'));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DATABASE_URL: '',
      // A tool that ran before in this process (Vite's build) may have set NODE_ENV=production;
      // the demo data the tests and benchmarks sign in with is refused in production.
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-outputLimit);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  /** The exit code (or the signal's name when a signal killed it). */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/version.txt`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      await exited;
    }
    if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    origin,
    port,
    pid: child.pid,
    dataDir,
    stop,
    output: () => output,
    running,
    exited,
    kill: (signal = 'SIGTERM') => child.kill(signal),
  };
}
