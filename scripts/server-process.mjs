// Starts the built Falcon server as a child process on a free loopback port with a fresh data
// directory (embedded PGlite) and the demo data, for end-to-end tests and benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
 */
export async function startServer(env = {}, { timeoutMs = 180_000 } = {}) {
  const entry = join(root, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('build the server and the web app first: npm run build');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'falcon-server-'));
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
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${origin}/version.txt`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop, output: () => output };
}
