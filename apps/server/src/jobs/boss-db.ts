import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';

type Result = { rows: unknown[] };

/**
 * pg-boss's statements that change its schema or maintain its tables come as one string,
 * `BEGIN; SET LOCAL ...; SELECT pg_advisory_xact_lock(...); ...; COMMIT;`, without parameters.
 */
const LOCKED = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i;

const lastOf = (results: Result[]): Result => results[results.length - 1] ?? { rows: [] };

/** The app's database as pg-boss's `db`: its own PGlite instance or pg pool, no second connection. */
interface BossDb extends PgBoss.Db {
  readonly engine: 'pglite' | 'postgres';
  /** Resolves when every statement sent so far has finished (stop: before the database closes). */
  settled: () => Promise<void>;
}

export const bossDb = (db: Db): BossDb => {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const pending = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    const forget = () => pending.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  const settled = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };

  if (typeof (client as PGlite).exec === 'function') {
    const lite = client as PGlite;
    return {
      engine: 'pglite',
      settled,
      executeSql: (text, values) =>
        track(
          (async (): Promise<Result> => {
            if (values?.length) return lite.query(text, values);
            // PGlite's query() takes one statement; several go through exec(). The schema and
            // maintenance scripts run in PGlite's own transaction, which rolls back on an error
            // (an exec'd BEGIN left open by a failing statement would block every later query).
            const locked = LOCKED.exec(text);
            if (locked) return lastOf(await lite.transaction((tx) => tx.exec(locked[1] ?? '')));
            return lastOf(await lite.exec(text));
          })(),
        ),
    };
  }

  const pool = client as pg.Pool;
  return {
    engine: 'postgres',
    settled,
    executeSql: (text, values) =>
      track(
        (async (): Promise<Result> => {
          if (values?.length || !LOCKED.test(text)) return pool.query(text, values);
          // A failing statement inside the script leaves its connection in an aborted transaction:
          // roll it back before the connection goes back to the pool.
          const connection = await pool.connect();
          try {
            return await connection.query(text);
          } catch (error) {
            await connection.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            connection.release();
          }
        })(),
      ),
  };
};

/**
 * A drizzle transaction as pg-boss's `db` for one call (`send(..., { db })`): the job is inserted
 * in the caller's transaction, so it exists exactly when the rows written with it do.
 * pg-boss's `$n` placeholders become drizzle parameters (its INSERT has no `$` in literals).
 */
export const bossTx = (tx: Db): PgBoss.Db => ({
  executeSql: async (text, values = []) => {
    const chunks: SQL[] = [];
    let at = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(at, match.index)));
      chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
      at = match.index + match[0].length;
    }
    chunks.push(sql.raw(text.slice(at)));
    const result = (await tx.execute(sql.join(chunks))) as unknown as Result;
    return { rows: result.rows };
  },
});
