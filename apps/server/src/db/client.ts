import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, type SQL, type SQLChunk, sql } from 'drizzle-orm';
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
    sql`select to_regclass('concerns') is not null as present`,
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

/** Runs the migrations of `folder` (a journal and its SQL files) that the database has not applied. */
export const migrateDatabase = async (database: Database, folder: string): Promise<void> => {
  if (database.engine === 'postgres') await migratePg(database.db as never, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
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
  const { sql: text, params } = dialectOf(db).sqlToQuery(query);
  return (
    runText<Row>(db, text, params, prepare) ?? ((await db.execute(query)) as unknown as { rows: Row[] }).rows
  );
};

const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

/** The statement on the driver itself; undefined where there is none (a transaction's client). */
const runText = <Row>(
  db: Db,
  text: string,
  params: unknown[],
  prepare: boolean,
): Promise<Row[]> | undefined => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    let name = prepare ? statementNames.get(text) : undefined;
    if (prepare && !name && statementNames.size < NAMED_STATEMENTS) {
      name = `falcon_q${statementNames.size}`;
      statementNames.set(text, name);
    }
    return client
      .query(name ? { name, text, values: params } : { text, values: params })
      .then((result) => result.rows as Row[]);
  }
  if (client instanceof PGlite) return client.query<Row>(text, params).then((result) => result.rows);
  return undefined;
};

/** Binds a named value into a statement: as a parameter, or as a placeholder filled per call. */
export type Bind = (name: string) => SQL | SQLChunk;
export type Values = Record<string, unknown>;

/** Each value a parameter of the statement (a statement built and run once). */
export const bindInline =
  (values: Values): Bind =>
  (name) =>
    sql.param(values[name]);

const bindPlaceholder: Bind = (name) => sql.placeholder(name);

const COMPILED_SHAPES = 1_000;
const compiled = new Map<string, { sql: string; params: unknown[] }>();
/** Under tests every call is built again and compared: two shapes under one key would fail at once. */
const verifyShapes = process.env.VITEST !== undefined;

/**
 * A statement drizzle builds and compiles once per shape: `build` binds its values by name (placeholders),
 * the text is kept under `shape`, and each call only fills in `values`. `shape` must name everything
 * that changes the text (the builder decides only from it and from which values are present). Building
 * a search's statement cost more CPU than PostgreSQL needed to run it (see docs/performance.md).
 */
export const queryCompiled = async <Row>(
  db: Db,
  shape: string,
  build: (bind: Bind) => SQL,
  values: Values,
  prepare = false,
): Promise<Row[]> => {
  let statement = compiled.get(shape);
  if (!statement || verifyShapes) {
    const built = dialectOf(db).sqlToQuery(build(bindPlaceholder));
    if (statement && statement.sql !== built.sql)
      throw new Error(`Two statements under one shape: ${shape}\n${statement.sql}\n${built.sql}`);
    statement = built;
    if (compiled.size >= COMPILED_SHAPES) compiled.clear();
    compiled.set(shape, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  return (
    runText<Row>(db, statement.sql, params, prepare) ??
    ((await db.execute(build(bindInline(values)))) as unknown as { rows: Row[] }).rows
  );
};
