import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { ObjectStore } from '../files/object-store';
import { objectKey } from '../services/stored-files';
import type { Db } from './client';
import { MIGRATIONS_DIR } from './client';

/**
 * Backups of a Falcon database and its files as one .tar.gz (ADR 0052), the same for PGlite and
 * PostgreSQL and for either files backend:
 *
 *   manifest.json              format, schema level, tables (rows, sha-256), sequences, files
 *   tables/<table>.jsonl       one row a line (`to_jsonb`), tables in foreign-key order; `files` without bytes
 *   files/<id>                 the bytes of every file, from the database or the object store
 *
 * Read in one REPEATABLE READ, READ ONLY transaction: the rows and the files are one moment's.
 */
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  app: 'falcon';
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Migrations applied when it was taken: their number and the last one's tag. */
  schema: { migrations: number; last: string };
  tables: { name: string; rows: number; sha256: string }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
  files: { count: number; bytes: number; backend: 'database' | 's3' };
}

export interface BackupSummary {
  manifest: BackupManifest;
  path: string;
  archiveBytes: number;
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

/** The migrations this build knows (drizzle's journal). */
export const knownMigrations = (dir = MIGRATIONS_DIR): Journal['entries'] =>
  (JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as Journal).entries;

export const rowsOf = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Migrations applied to the database (drizzle's table; 0 when there is none). */
export const appliedMigrations = async (db: Db): Promise<number> => {
  const [present] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return 0;
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
};

/** The app's tables (the current schema), parents before children (foreign keys; self-references aside). */
export const tablesInOrder = async (db: Db): Promise<string[]> => {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges)
    if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name)) return;
    if (path.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of tables) visit(name, new Set());
  return ordered;
};

/** `order by` of a table: its primary key, else the whole row. */
const orderOf = async (db: Db, table: string): Promise<string> => {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${ident(table)}::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`,
  );
  return columns.length ? columns.map((c) => `falcon_row.${ident(c.name)}`).join(', ') : 'falcon_row::text';
};

/** A table's rows as JSON text, one a line, in key order (`files` without its bytes). */
export const tableRowsSql = async (db: Db, table: string): Promise<string> =>
  `select (to_jsonb(falcon_row)${table === 'files' ? " - 'content'" : ''})::text as j from ${ident(table)} falcon_row order by ${await orderOf(db, table)}`;

/** Runs `select` through a cursor, `batch` rows at a time (memory stays flat on big tables). */
async function* cursorRows<Row>(db: Db, select: string, batch: number): AsyncGenerator<Row> {
  const cursor = `falcon_backup_${Math.random().toString(36).slice(2)}`;
  await db.execute(sql.raw(`declare ${cursor} no scroll cursor for ${select}`));
  try {
    for (;;) {
      const rows = await rowsOf<Row>(db, sql.raw(`fetch ${batch} from ${cursor}`));
      for (const row of rows) yield row;
      if (rows.length < batch) return;
    }
  } finally {
    await db.execute(sql.raw(`close ${cursor}`));
  }
}

/** Adds one entry to the archive and waits until it is written (entries go one after another). */
const addEntry = (pack: tar.Pack, name: string, size: number, source: Uint8Array | Readable): Promise<void> =>
  new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date(0) }, (error) =>
      error ? reject(error) : resolve(),
    );
    if (source instanceof Uint8Array) {
      entry.end(Buffer.from(source.buffer, source.byteOffset, source.byteLength));
      return;
    }
    (async () => {
      for await (const chunk of source)
        if (!entry.write(chunk as Buffer))
          await new Promise<void>((drained) => entry.once('drain', () => drained()));
      (entry as unknown as { end: () => void }).end();
    })().catch(reject);
  });

const bytesOf = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export interface BackupOptions {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The object store of FILES_BACKEND=s3 (files whose bytes are not in the database are read there). */
  objects: ObjectStore | undefined;
  out: string;
  now?: Date;
  log?: (line: string) => void;
}

/** Writes the archive to `out` (through `out.partial`, renamed when complete). */
export const backup = async (options: BackupOptions): Promise<BackupSummary> => {
  const { db, objects } = options;
  const log = options.log ?? (() => {});
  const scratch = mkdtempSync(join(tmpdir(), 'falcon-backup-'));
  const partial = `${options.out}.partial`;
  try {
    const manifest = await db.transaction(
      async (transaction) => {
        const tx = transaction as unknown as Db;
        const migrations = await appliedMigrations(tx);
        if (migrations === 0)
          throw new Error('no Falcon database there (no migrations applied): nothing to back up');
        const journal = knownMigrations();
        if (migrations > journal.length)
          throw new Error(
            `the database has ${migrations} migrations, this build knows ${journal.length}: use a newer build`,
          );
        const tables: BackupManifest['tables'] = [];
        for (const name of await tablesInOrder(tx)) {
          const hash = createHash('sha256');
          const file = createWriteStream(join(scratch, `${name}.jsonl`));
          let rows = 0;
          for await (const row of cursorRows<{ j: string }>(tx, await tableRowsSql(tx, name), 2_000)) {
            const line = `${row.j}\n`;
            hash.update(line);
            rows += 1;
            if (!file.write(line)) await new Promise<void>((resolve) => file.once('drain', () => resolve()));
          }
          await new Promise<void>((resolve, reject) =>
            file.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          tables.push({ name, rows, sha256: hash.digest('hex') });
        }
        const sequences = await rowsOf<{ name: string }>(
          tx,
          sql`select sequence_name as name from information_schema.sequences
              where sequence_schema = current_schema() order by sequence_name`,
        );
        const sequenceStates: BackupManifest['sequences'] = [];
        for (const { name } of sequences) {
          const [state] = await rowsOf<{ value: string | number; called: boolean }>(
            tx,
            sql.raw(`select last_value::text as value, is_called as called from ${ident(name)}`),
          );
          sequenceStates.push({ name, value: String(state?.value), isCalled: state?.called === true });
        }
        const [totals] = await rowsOf<{ count: string | number; bytes: string | number | null }>(
          tx,
          sql`select count(*) as count, coalesce(sum(size), 0) as bytes from files`,
        );
        const built: BackupManifest = {
          format: BACKUP_FORMAT,
          app: 'falcon',
          createdAt: (options.now ?? new Date()).toISOString(),
          engine: options.engine,
          schema: { migrations, last: journal[migrations - 1]?.tag ?? '' },
          tables,
          sequences: sequenceStates,
          files: {
            count: Number(totals?.count ?? 0),
            bytes: Number(totals?.bytes ?? 0),
            backend: objects ? 's3' : 'database',
          },
        };

        // The archive, written while the transaction still holds the moment the rows were read.
        const pack = tar.pack();
        const written = pipeline(pack, createGzip(), createWriteStream(partial));
        const writing = (async () => {
          await addEntry(pack, 'manifest.json', ...sized(Buffer.from(`${JSON.stringify(built, null, 2)}\n`)));
          for (const table of tables) {
            const path = join(scratch, `${table.name}.jsonl`);
            await addEntry(pack, `tables/${table.name}.jsonl`, statSync(path).size, createReadStream(path));
          }
          let count = 0;
          for await (const file of cursorRows<{
            id: string;
            sha256: string;
            size: number;
            content: Uint8Array | null;
          }>(tx, 'select id, sha256, size, content from files order by id', 20)) {
            let content = file.content;
            if (content === null) {
              if (!objects)
                throw new Error(`file ${file.id} is in the object store, but FILES_BACKEND is database`);
              const body = await objects.get(objectKey(file.id));
              if (!body)
                throw new Error(`file ${file.id} is missing from the object store (${objectKey(file.id)})`);
              content = await bytesOf(body);
            }
            if (createHash('sha256').update(content).digest('hex') !== file.sha256)
              throw new Error(`file ${file.id} does not match its sha-256: not backed up`);
            await addEntry(pack, `files/${file.id}`, content.byteLength, content);
            count += 1;
          }
          if (count !== built.files.count)
            throw new Error(`${count} files read, ${built.files.count} counted`);
          pack.finalize();
        })();
        try {
          await writing;
        } catch (error) {
          pack.destroy(error as Error);
          await written.catch(() => undefined);
          throw error;
        }
        await written;
        return built;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    renameSync(partial, options.out);
    const archiveBytes = statSync(options.out).size;
    log(
      `backup ${options.out}: ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows in ${manifest.tables.length} tables, ${manifest.files.count} files (${manifest.files.bytes} bytes), schema ${manifest.schema.last}, ${archiveBytes} bytes`,
    );
    return { manifest, path: options.out, archiveBytes };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
};

const sized = (buffer: Buffer): [number, Buffer] => [buffer.byteLength, buffer];
