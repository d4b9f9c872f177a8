// Starts the built server for the whole run; its origin reaches the tests as FALCON_E2E_URL.
import { startServer } from '../../../scripts/server-process.mjs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.FALCON_E2E_URL = server.origin;
  return () => server.stop();
}
