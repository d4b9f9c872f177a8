import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql as schemaSql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
/** One drizzle type for both engines: everything the app uses is common to PGlite and `pg`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** True when the database had no tables before the migrations ran. */
  created: boolean;
  close: () => Promise<void>;
}

/** `drizzle/` beside `src/` (tests, tsx) or beside `dist/` (the built server). */
export const MIGRATIONS_DIR =
  ['../../drizzle', '../drizzle']
    .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
    .find((dir) => existsSync(join(dir, 'meta', '_journal.json'))) ?? 'drizzle';

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Data directory of PGlite (`memory://` for none). */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests: the template database). */
  loadDataDir?: Blob | File;
  /** PostgreSQL schema to use (tests on PostgreSQL: one schema per test file). */
  searchPath?: string;
  /** Called when the pool reports an error of an idle client (PostgreSQL restarted...). */
  onPoolError?: (error: Error) => void;
  poolSize?: number;
  migrate?: boolean;
}

const hasTables = async (db: Db): Promise<boolean> => {
  const result = (await db.execute(
    // to_regclass is null when the table does not exist in the search path.
    schemaSql`select to_regclass('concerns') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  return result.rows[0]?.present === true;
};

/** Opens PGlite (default) or PostgreSQL and runs the committed migrations. */
export const openDatabase = async (options: OpenOptions = {}): Promise<Database> => {
  const runMigrations = options.migrate !== false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // Without this handler a PostgreSQL restart kills the process (an idle client emits 'error').
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const existed = await hasTables(db);
    if (runMigrations)
      await migratePg(db as never, {
        migrationsFolder: MIGRATIONS_DIR,
        ...(options.searchPath ? { migrationsSchema: options.searchPath } : {}),
      });
    return { db, engine: 'postgres', created: !existed, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir.startsWith('memory://') ? {} : { dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const existed = await hasTables(db);
  if (runMigrations) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    engine: 'pglite',
    created: !existed,
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for the test harness (dumpDataDir).
    ...({ pglite: client } as object),
  };
};

/** The PGlite instance behind a database, when there is one (tests dump it as a template). */
export const pgliteOf = (database: Database): PGlite | undefined =>
  (database as unknown as { pglite?: PGlite }).pglite;

/** Errors of the database connection, as opposed to errors of a query: the database is away. */
export const isConnectionError = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  const code = e.code ?? '';
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03'].includes(
      code,
    )
  )
    return true;
  if (code.startsWith('08')) return true;
  if (
    /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
      e.message ?? '',
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== error && isConnectionError(e.cause);
};

const NAMED_STATEMENTS = 200;
const statementNames = new Map<string, string>();

/**
 * Runs a statement on the driver itself: rows as the driver makes them (no drizzle result mapping, so
 * the statement names its columns as the caller wants them), on PostgreSQL as a named prepared
 * statement when `prepare` is set (parsed and planned once per connection and statement text; the
 * first NAMED_STATEMENTS texts get names, later ones run unnamed so that connections do not collect
 * statements without bound).
 */
export const queryRows = async <Row>(db: Db, query: SQL, prepare = false): Promise<Row[]> => {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    let name = prepare ? statementNames.get(text) : undefined;
    if (prepare && !name && statementNames.size < NAMED_STATEMENTS) {
      name = `falcon_q${statementNames.size}`;
      statementNames.set(text, name);
    }
    const result = await client.query(name ? { name, text, values: params } : { text, values: params });
    return result.rows as Row[];
  }
  if (client instanceof PGlite) return (await client.query<Row>(text, params)).rows;
  // Anything else (a transaction's client): through drizzle, rows as objects all the same.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
};
