import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { rowsOf, tableRowsSql, tablesInOrder } from '../src/db/backup';
import { type Database, type Db, openDatabase } from '../src/db/client';
import * as t from '../src/db/schema';
import { png } from '../src/files/testing';
import { createFileStorage, type FileStorage } from '../src/services/stored-files';
import { activeContainers, signIn } from './harness';
import { startS3, type TestS3 } from './s3';
import { upload } from './uploads';

/**
 * The backup/restore drill (ADR 0052) on the engine of this pass (PGlite, then PostgreSQL) and with
 * files in the database and in an S3-compatible store: seed, change, `npm run backup` (the built CLI),
 * wipe, `npm run restore`, then compare every table row by row and every file byte for byte.
 */
const source = inject('testDatabase');
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** A database of the engine of this pass: a copy of the seeded template, or empty. */
interface Place {
  env: Record<string, string>;
  open: () => Promise<Database>;
  wipe: () => Promise<void>;
}

const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  if (source.kind !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const place = async (seeded: boolean): Promise<Place> => {
  if (source.kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'falcon-drill-'));
    const dataDir = join(dir, 'data');
    if (seeded) {
      const database = await openDatabase({
        dataDir,
        loadDataDir: new Blob([readFileSync(source.file)]),
        migrate: false,
      });
      await database.close();
    }
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir, migrate: false }),
      wipe: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `falcon_drill_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}${seeded ? ` template ${source.template}` : ''}`));
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 2 }),
    wipe: () => admin((c) => c.query(`drop database if exists ${name}`)).then(() => undefined),
  };
};

/** `npm run backup` / `npm run restore`: the built CLI with the server's environment variables. */
const cli = async (args: string[], env: Record<string, string>) => {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout } = await run('node', ['dist/cli.js', ...args], {
      cwd: serverDir,
      env: { ...inherited, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
};

/** Every table's rows as text, in key order (`files` without its bytes: where they are is the backend's). */
const tablesOf = async (db: Db): Promise<Map<string, string[]>> => {
  const tables = new Map<string, string[]>();
  for (const name of await tablesInOrder(db))
    tables.set(
      name,
      (await rowsOf<{ j: string }>(db, sql.raw(await tableRowsSql(db, name)))).map((r) => r.j),
    );
  // The next value of each sequence (protocol entries are numbered by one).
  for (const { name } of await rowsOf<{ name: string }>(
    db,
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = current_schema()`,
  ))
    tables.set(
      `sequence ${name}`,
      (
        await rowsOf<{ j: string }>(db, sql.raw(`select (last_value, is_called)::text as j from "${name}"`))
      ).map((r) => r.j),
    );
  return tables;
};

/** Every file's bytes, read through the storage (from the database or the object store). */
const filesOf = async (db: Db, files: FileStorage): Promise<Map<string, Buffer>> => {
  const all = new Map<string, Buffer>();
  for (const { id } of await db.select({ id: t.files.id }).from(t.files).orderBy(asc(t.files.id))) {
    const file = await files.get(db, id);
    if (!file) throw new Error(`file ${id} has no bytes`);
    all.set(id, Buffer.from(file.content));
  }
  return all;
};

/** The change before the backup: a message request with a photo, a gallery image, a renamed location. */
const change = async (database: Database, files: FileStorage) => {
  const app = await buildApp({ db: database.db, files, webDist: null, underPressure: false, jobs: false });
  await app.ready();
  try {
    const kdadmin = await signIn(app, 'kdadmin');
    const [container] = await activeContainers(database.db);
    const message = await kdadmin.post(`/api/rest/v2/container/${container!.id}/message`, {
      message: 'Drill: Etikett fehlt',
    });
    expect(message.statusCode, message.body).toBe(201);
    const photo = await upload(app, kdadmin, `/api/rest/v2/review/${message.json().id}/photo`, {
      bytes: await png(90, 60),
      name: 'drill.png',
      type: 'image/png',
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const image = await upload(
      app,
      kdadmin,
      `/api/rest/v2/location/${container!.locationCode}/image/upload`,
      {
        bytes: await png(240, 160),
        name: 'drill-rack.png',
        type: 'image/png',
      },
    );
    expect(image.statusCode, image.body).toBe(201);
  } finally {
    await app.close();
  }
};

let s3: TestS3;
let scratch: string;
beforeAll(async () => {
  s3 = await startS3('falcon-drill');
  scratch = mkdtempSync(join(tmpdir(), 'falcon-drill-archives-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(['database', 's3'] as const)(
  `backup and restore on ${source.kind}, files in the %s`,
  (backend) => {
    const filesEnv = (): Record<string, string> =>
      backend === 's3'
        ? {
            FILES_BACKEND: 's3',
            S3_ENDPOINT: s3.settings.endpoint!,
            S3_BUCKET: s3.settings.bucket,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            S3_FORCE_PATH_STYLE: 'true',
          }
        : { FILES_BACKEND: 'database' };
    const storage = () => createFileStorage(backend === 's3' ? s3.objects : undefined);

    it('seed, change, back up, wipe, restore: every row and every byte as before', {
      timeout: 240_000,
    }, async () => {
      const started = Date.now();
      const from = await place(true);
      const before = await (async () => {
        const database = await from.open();
        try {
          await change(database, storage());
          return { tables: await tablesOf(database.db), files: await filesOf(database.db, storage()) };
        } finally {
          await database.close();
        }
      })();
      expect(before.tables.get('review_requests')?.some((row) => row.includes('Drill: Etikett fehlt'))).toBe(
        true,
      );
      const archive = join(scratch, `${backend}.tar.gz`);
      const backedUp = await cli(['backup', '--out', archive], { ...from.env, ...filesEnv() });
      expect(backedUp.code, backedUp.output).toBe(0);

      // Wipe: the database and every object.
      await from.wipe();
      for (const key of await s3.keys()) await s3.objects.delete(key);
      const to = await place(false);
      const restored = await cli(['restore', archive], { ...to.env, ...filesEnv() });
      expect(restored.code, restored.output).toBe(0);

      const database = await to.open();
      try {
        const after = await tablesOf(database.db);
        expect([...after.keys()]).toEqual([...before.tables.keys()]);
        expect(after.get('review_requests')?.length).toBeGreaterThan(0);
        for (const [name, rows] of before.tables) expect(after.get(name), name).toEqual(rows);
        const files = await filesOf(database.db, storage());
        expect([...files.keys()]).toEqual([...before.files.keys()]);
        for (const [id, bytes] of before.files) expect(Buffer.compare(files.get(id)!, bytes), id).toBe(0);
        // With s3 every file is in the bucket now, the seeded ones included; with database none is.
        const [{ inBucket }] = (await rowsOf<{ inBucket: number | string }>(
          database.db,
          sql`select count(*) filter (where content is null) as "inBucket" from files`,
        )) as [{ inBucket: number | string }];
        expect(Number(inBucket)).toBe(backend === 's3' ? files.size : 0);
        if (backend === 's3') expect((await s3.keys()).length).toBe(files.size);
      } finally {
        await database.close();
      }
      console.log(
        `drill on ${source.kind}, files in the ${backend}: ${Date.now() - started} ms, archive ${statSync(archive).size} bytes; ${backedUp.output.trim()}`,
      );

      // Into a database with rows: refused unless --force.
      const again = await cli(['restore', archive], { ...to.env, ...filesEnv() });
      expect(again.code, again.output).toBe(3);
      expect(again.output).toMatch(/not empty.*--force/);
      if (backend === 'database') {
        const forced = await cli(['restore', archive, '--force'], { ...to.env, ...filesEnv() });
        expect(forced.code, forced.output).toBe(0);
      }
      await to.wipe();
    });
  },
);

describe(`restore on ${source.kind} refuses`, () => {
  /** The drill's archive with its manifest changed. */
  const withManifest = async (
    from: string,
    to: string,
    edit: (manifest: Record<string, unknown>) => void,
  ) => {
    const { createReadStream, createWriteStream } = await import('node:fs');
    const { createGunzip, createGzip } = await import('node:zlib');
    const { pipeline } = await import('node:stream/promises');
    const extract = tar.extract();
    const pack = tar.pack();
    const writing = pipeline(pack, createGzip(), createWriteStream(to));
    const reading = pipeline(createReadStream(from), createGunzip(), extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (entry.header.name === 'manifest.json') {
        const manifest = JSON.parse(body.toString()) as Record<string, unknown>;
        edit(manifest);
        body = Buffer.from(JSON.stringify(manifest));
      }
      pack.entry({ name: entry.header.name, size: body.byteLength }, body);
    }
    await reading;
    pack.finalize();
    await writing;
  };

  it('an archive from a newer schema, and one whose rows do not match their checksum', {
    timeout: 120_000,
  }, async () => {
    // The archive of the drill above (files in the database), changed.
    const archive = join(scratch, 'database.tar.gz');
    expect(statSync(archive).size).toBeGreaterThan(0);
    const newer = join(scratch, 'newer.tar.gz');
    await withManifest(archive, newer, (m) => {
      m.schema = { migrations: 99, last: '0098_from_the_future' };
    });
    const damaged = join(scratch, 'damaged.tar.gz');
    await withManifest(archive, damaged, (m) => {
      const tables = m.tables as { name: string; rows: number }[];
      const users = tables.find((table) => table.name === 'users')!;
      users.rows += 1;
    });
    const to = await place(false);
    try {
      const refused = await cli(['restore', newer], to.env);
      expect(refused.code, refused.output).toBe(3);
      expect(refused.output).toMatch(/newer schema \(0098_from_the_future/);
      const broken = await cli(['restore', damaged], to.env);
      expect(broken.code, broken.output).toBe(3);
      expect(broken.output).toMatch(/table users is damaged/);
      // Nothing was loaded: the database is still empty.
      const database = await to.open();
      try {
        // (the damaged archive's attempt built the schema, then rolled its rows back)
        const [row] = await rowsOf<{ present: boolean }>(
          database.db,
          sql`select exists (select from users) as present`,
        );
        expect(row?.present).toBe(false);
      } finally {
        await database.close();
      }
    } finally {
      await to.wipe();
    }
  });
});
