export interface StartedServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop(): Promise<void>;
  /** The last 20,000 characters the server printed. */
  output(): string;
}
export function freePort(): Promise<number>;
export function startServer(
  env?: Record<string, string>,
  options?: { timeoutMs?: number },
): Promise<StartedServer>;
