import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { ObjectStore } from '../files/object-store';
import { objectKey } from '../services/stored-files';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  type BackupManifest,
  knownMigrations,
  rowsOf,
  tablesInOrder,
} from './backup';
import { type Database, type Db, MIGRATIONS_DIR, migrateDatabase } from './client';
import * as t from './schema';

/** A restore that would lose or mix data: nothing was changed. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per insert statement (and at most about 4 MB of JSON). */
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4_000_000;

/** The archive's entries in order, each with its bytes as a stream. */
async function* entriesOf(archive: string): AsyncGenerator<{ name: string; body: AsyncIterable<Buffer> }> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  reading.catch(() => undefined);
  try {
    for await (const entry of extract)
      yield { name: entry.header.name, body: entry as AsyncIterable<Buffer> };
    await reading;
  } finally {
    extract.destroy();
  }
}

const bufferOf = async (body: AsyncIterable<Buffer>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** The manifest (the archive's first entry) and a check that this build can restore it. */
const readManifest = async (archive: string): Promise<BackupManifest> => {
  for await (const entry of entriesOf(archive)) {
    if (entry.name !== 'manifest.json') break;
    const manifest = JSON.parse((await bufferOf(entry.body)).toString('utf8')) as BackupManifest;
    if (manifest.app !== 'falcon' || typeof manifest.format !== 'number')
      throw new RestoreRefused(`${archive} is not a Falcon backup`);
    return manifest;
  }
  throw new RestoreRefused(`${archive} is not a Falcon backup (its first entry is not manifest.json)`);
};

/** Tables of the current schema that hold rows. */
const tablesWithRows = async (db: Db): Promise<string[]> => {
  const used: string[] = [];
  for (const name of await tablesInOrder(db)) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql.raw(`select exists (select from ${ident(name)}) as any`),
    );
    if (row?.any) used.push(name);
  }
  return used;
};

/** Drizzle's migrations up to `level` only: a copy of the folder whose journal ends there. */
const migrateTo = async (database: Database, level: number) => {
  const entries = knownMigrations().slice(0, level);
  const folder = mkdtempSync(join(tmpdir(), 'falcon-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    for (const entry of entries)
      copyFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

export interface RestoreOptions {
  /** The target, opened without migrations. */
  database: Database;
  /** The object store of FILES_BACKEND=s3: the files go there; without, into the database. */
  objects: ObjectStore | undefined;
  archive: string;
  /** Replace whatever the database holds (its schemas are dropped first). */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
  /** Exports that were queued or running in the backup: their jobs are not in it, so they are failed. */
  exportsFailed: number;
}

/**
 * Restores an archive of `backup()`: refuses one from a newer schema or another migration history, and
 * a database with rows unless `force`; then migrates the empty database to the archive's schema, loads
 * every table and file in one transaction (checking every row count and checksum), and migrates on to
 * this build's schema.
 */
export const restore = async (options: RestoreOptions): Promise<RestoreSummary> => {
  const { database, objects } = options;
  const { db } = database;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(options.archive);
  if (manifest.format > BACKUP_FORMAT)
    throw new RestoreRefused(
      `the archive has format ${manifest.format}; this build reads up to ${BACKUP_FORMAT}`,
    );
  const journal = knownMigrations();
  if (manifest.schema.migrations > journal.length)
    throw new RestoreRefused(
      `the archive is from a newer schema (${manifest.schema.last}, migration ${manifest.schema.migrations}); this build knows ${journal.length} migrations: restore it with a newer build`,
    );
  if ((journal[manifest.schema.migrations - 1]?.tag ?? '') !== manifest.schema.last)
    throw new RestoreRefused(
      `the archive's migration ${manifest.schema.migrations} is ${manifest.schema.last}, this build's is ${journal[manifest.schema.migrations - 1]?.tag}: not the same schema history`,
    );

  const used =
    (await appliedMigrations(db)) > 0 || (await tablesInOrder(db)).length ? await tablesWithRows(db) : [];
  if (used.length && !options.force)
    throw new RestoreRefused(
      `the database is not empty (rows in ${used.slice(0, 5).join(', ')}${used.length > 5 ? ', ...' : ''}): restore into an empty database, or pass --force to replace it`,
    );
  // Empty (or replaced): start from no schema at all, so the archive's schema level is built exactly.
  await db.execute(sql.raw('drop schema if exists pgboss cascade'));
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
  await migrateTo(database, manifest.schema.migrations);

  const expected = new Map(manifest.tables.map((table) => [table.name, table]));
  let rows = 0;
  let files = 0;
  let exportsFailed = 0;
  /** Files put into the object store while their rows could not yet say so (content not null). */
  const emptied: string[] = [];
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const known = new Set(await tablesInOrder(tx));
    const seen = new Set<string>();
    for await (const entry of entriesOf(options.archive)) {
      if (entry.name === 'manifest.json') {
        await bufferOf(entry.body);
        continue;
      }
      const table = /^tables\/([a-z0-9_]+)\.jsonl$/.exec(entry.name)?.[1];
      if (table) {
        const wanted = expected.get(table);
        if (!wanted || !known.has(table))
          throw new RestoreRefused(`the archive has table ${table}, which its manifest or schema does not`);
        const loaded = await loadTable(tx, table, entry.body);
        if (loaded.rows !== wanted.rows || loaded.sha256 !== wanted.sha256)
          throw new RestoreRefused(
            `table ${table} is damaged: ${loaded.rows} rows, ${wanted.rows} in the manifest`,
          );
        seen.add(table);
        rows += loaded.rows;
        continue;
      }
      const fileId = /^files\/([A-Za-z0-9._-]+)$/.exec(entry.name)?.[1];
      if (!fileId) throw new RestoreRefused(`unknown entry ${entry.name} in the archive`);
      const content = await bufferOf(entry.body);
      const [row] = await tx
        .select({ sha256: t.files.sha256, contentType: t.files.contentType })
        .from(t.files)
        .where(eq(t.files.id, fileId));
      if (!row) throw new RestoreRefused(`file ${fileId} is in the archive but not in its files table`);
      if (createHash('sha256').update(content).digest('hex') !== row.sha256)
        throw new RestoreRefused(`file ${fileId} is damaged (its sha-256 differs)`);
      if (objects) {
        await objects.put(objectKey(fileId), content, row.contentType);
        emptied.push(fileId);
      } else await tx.update(t.files).set({ content }).where(eq(t.files.id, fileId));
      files += 1;
    }
    const missing = manifest.tables.filter((table) => !seen.has(table.name)).map((table) => table.name);
    if (missing.length)
      throw new RestoreRefused(`the archive is incomplete: no rows of ${missing.join(', ')}`);
    if (files !== manifest.files.count)
      throw new RestoreRefused(
        `the archive is incomplete: ${files} files, ${manifest.files.count} in the manifest`,
      );
    for (const sequence of manifest.sequences)
      await tx.execute(
        sql`select setval(${ident(sequence.name)}::regclass, ${sequence.value}::bigint, ${sequence.isCalled})`,
      );
    // Their pg-boss jobs are not in the archive: without this they would wait for ever.
    const failed = await tx
      .update(t.exportJobs)
      .set({ state: 'failed', error: 'interrupted by a restore from backup: start the export again' })
      .where(sql`${t.exportJobs.state} in ('queued', 'running')`)
      .returning({ id: t.exportJobs.id });
    exportsFailed = failed.length;
  });
  await migrateTo(database, journal.length);
  // Now that the schema allows it: the bytes of these rows are in the object store.
  if (emptied.length) await db.update(t.files).set({ content: null }).where(inArray(t.files.id, emptied));
  log(
    `restored ${options.archive}: ${rows} rows in ${manifest.tables.length} tables, ${files} files into ${objects ? 'the object store' : 'the database'}, schema ${manifest.schema.last} -> ${journal.at(-1)?.tag}${exportsFailed ? `, ${exportsFailed} unfinished exports marked failed` : ''}`,
  );
  return { manifest, rows, files, exportsFailed };
};

/** Inserts a table's JSON lines in batches; returns the row count and the sha-256 of the text read. */
const loadTable = async (tx: Db, table: string, body: AsyncIterable<Buffer>) => {
  const columns = await rowsOf<{ name: string; nullable: string }>(
    tx,
    sql`select column_name as name, is_nullable as nullable from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  const list = columns.map((c) => ident(c.name)).join(', ');
  // The archive has no bytes in `files`; before migration 0011 the column may not be null: empty until
  // the file's entry fills it (or, for the object store, until the migration allows null).
  const values = columns
    .map((c) =>
      table === 'files' && c.name === 'content' && c.nullable === 'NO'
        ? `coalesce(${ident(c.name)}, '\\x'::bytea)`
        : ident(c.name),
    )
    .join(', ');
  const hash = createHash('sha256');
  let rows = 0;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (!batch.length) return;
    const json = `[${batch.join(',')}]`;
    await tx.execute(
      sql`insert into ${sql.raw(ident(table))} (${sql.raw(list)}) select ${sql.raw(values)} from jsonb_populate_recordset(null::${sql.raw(ident(table))}, ${json}::jsonb)`,
    );
    batch = [];
    chars = 0;
  };
  let rest = '';
  const text = new StringDecoder('utf8');
  for await (const chunk of body) {
    hash.update(chunk);
    const lines = (rest + text.write(chunk)).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      batch.push(line);
      chars += line.length;
      rows += 1;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
  }
  if (rest) throw new RestoreRefused(`table ${table} is damaged (its last line is cut off)`);
  await flush();
  return { rows, sha256: hash.digest('hex') };
};
