export interface StartedServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  pid: number | undefined;
  /** The server's DATA_DIR (a fresh temp directory unless `dataDir` was given). */
  dataDir: string;
  /** SIGTERM, wait for the exit, remove the data directory (unless it was given). */
  stop(): Promise<void>;
  /** The last characters the server printed (20,000 unless `outputLimit` says otherwise). */
  output(): string;
  /** True while the process has not exited. */
  running(): boolean;
  /** Resolves with the exit code (or the name of the signal that killed the process). */
  exited: Promise<number | string | null>;
  /** Sends a signal (default SIGTERM) without waiting. */
  kill(signal?: NodeJS.Signals): boolean;
}
export function freePort(): Promise<number>;
export function startServer(
  env?: Record<string, string>,
  options?: {
    timeoutMs?: number;
    requireWeb?: boolean;
    dataDir?: string;
    outputLimit?: number;
    entry?: string;
  },
): Promise<StartedServer>;
