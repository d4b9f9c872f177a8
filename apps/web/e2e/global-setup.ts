// Starts the built server for the whole run; its origin reaches the tests as FALCON_E2E_URL.
// With FALCON_E2E_URL already set, the tests run against that server instead (for iterating on
// tests; they name what they create uniquely per run, so they can run again on the same data).
import { startServer } from '../../../scripts/server-process.mjs';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FALCON_E2E_URL) return undefined;
  const server = await startServer();
  process.env.FALCON_E2E_URL = server.origin;
  return () => server.stop();
}
