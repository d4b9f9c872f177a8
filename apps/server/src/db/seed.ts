import { DEFAULT_ROLE_NAMES, DEFAULT_ROLES, SECOND_FACTOR_ROLES, weekStart } from '@falcon/api-client';
import type { Dataset } from '@falcon/demo-data';
import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { newId, sha256 } from '../ids';
import { refreshAllForecasts } from '../services/history';
import type { Db } from './client';
import { seedHistory } from './history-seed';
import * as t from './schema';

const BATCH = 1_000;

const inBatches = async <T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
};

export const isEmpty = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(t.users);
  return (row?.n ?? 0) === 0;
};

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * Inserts a generated dataset (1,000 rows per statement). Demo users get argon2id hashes of
 * their demo password; users sharing a password still get their own salt.
 */
export const seedDataset = async (
  db: Db,
  d: Dataset,
  o: { now?: Date; log?: (line: string) => void } = {},
): Promise<void> => {
  await db.transaction(async (tx) => {
    const x = tx as unknown as Db;
    await inBatches(d.concerns, (b) => x.insert(t.concerns).values(b));
    await inBatches(d.branches, (b) => x.insert(t.branches).values(b));
    await inBatches(d.locations, (b) => x.insert(t.locations).values(b));
    await inBatches(d.racks, (b) => x.insert(t.racks).values(b));
    await inBatches(d.shelves, (b) => x.insert(t.shelves).values(b));
    for (const batch of d.placeBatches(BATCH)) await x.insert(t.places).values(batch);
    await inBatches(d.articles, (b) => x.insert(t.articles).values(b));
    for (const batch of d.containerBatches(BATCH))
      await x
        .insert(t.containers)
        .values(batch.map((c) => ({ ...c, lastScannedDate: date(c.lastScannedDate) })));
    await inBatches(d.employees, (b) => x.insert(t.employees).values(b));
    await inBatches(d.roles, (b) => x.insert(t.roles).values(b));
    await inBatches(
      d.roles.flatMap((r) => r.permissions.map((code) => ({ roleId: r.id, code }))),
      (b) => x.insert(t.rolePermissions).values(b),
    );
    const roleIds = new Map(d.roles.map((r) => [r.rolename, r.id]));
    const hashes = await Promise.all(d.users.map((u) => hashPassword(u.password)));
    await inBatches(
      d.users.map((u, i) => ({
        id: u.id,
        username: u.username,
        passwordHash: hashes[i] as string,
        firstname: u.firstname,
        lastname: u.lastname,
        email: u.email,
        phone: u.phone,
        region: u.region,
        useRegion: u.useRegion,
        language: u.language,
        sessionTimeoutMinutes: u.sessionTimeoutMinutes,
        employeeKey: u.employeeKey,
        scopeAll: u.scope.all,
        createdAt: new Date(u.createdAt),
        lastLogin: date(u.lastLogin),
      })),
      (b) => x.insert(t.users).values(b),
    );
    await inBatches(
      d.users.flatMap((u) =>
        u.roles.flatMap((r) => (roleIds.has(r) ? [{ userId: u.id, roleId: roleIds.get(r) as string }] : [])),
      ),
      (b) => x.insert(t.userRoles).values(b),
    );
    await inBatches(
      d.users.flatMap((u) => u.permissions.map((code) => ({ userId: u.id, code }))),
      (b) => x.insert(t.userPermissions).values(b),
    );
    await inBatches(
      d.users.flatMap((u) => [
        ...u.scope.concerns.map((code) => ({ userId: u.id, kind: 'concern' as const, code })),
        ...u.scope.branches.map((code) => ({ userId: u.id, kind: 'branch' as const, code })),
        ...u.scope.locations.map((code) => ({ userId: u.id, kind: 'location' as const, code })),
      ]),
      (b) => x.insert(t.userScope).values(b),
    );
    const now = new Date(d.now);
    const fileRow = (id: string, filename: string, contentType: string, content: Uint8Array) => ({
      id,
      filename,
      contentType,
      size: content.byteLength,
      sha256: sha256(content),
      content,
      createdAt: now,
    });
    await inBatches(d.documents, async (b) => {
      await x
        .insert(t.files)
        .values(b.map((doc) => fileRow(`F-${doc.id}`, doc.filename, doc.contentType, doc.content)));
      await x.insert(t.documents).values(
        b.map((doc) => ({
          id: doc.id,
          containerId: doc.containerId,
          articleCode: doc.articleCode,
          title: doc.title,
          fileId: `F-${doc.id}`,
        })),
      );
    });
    await inBatches(d.images, async (b) => {
      await x
        .insert(t.files)
        .values(b.map((img) => fileRow(`F-${img.id}`, img.filename, img.contentType, img.content)));
      await x.insert(t.images).values(
        b.map((img) => ({
          id: img.id,
          locationCode: img.locationCode,
          fileId: `F-${img.id}`,
          filename: img.filename,
          contentType: img.contentType,
          size: img.content.byteLength,
          width: img.width,
          height: img.height,
          uploadedAt: new Date(img.uploadedAt),
          uploadedBy: img.uploadedBy,
        })),
      );
    });
    await inBatches(d.branchMaps, async (b) => {
      await x
        .insert(t.files)
        .values(b.map((m) => fileRow(`F-MAP-${m.branchCode}`, m.filename, m.contentType, m.content)));
      await x
        .insert(t.branchMaps)
        .values(b.map((m) => ({ branchCode: m.branchCode, fileId: `F-MAP-${m.branchCode}` })));
    });
    await inBatches(d.locationPositions, (b) => x.insert(t.locationPositions).values(b));
    await inBatches(
      d.appointments.map((a) => ({ ...a, startDate: new Date(a.startDate), endDate: new Date(a.endDate) })),
      (b) => x.insert(t.appointments).values(b),
    );
    const tree = new Map(d.locations.map((l) => [l.code, l]));
    await inBatches(
      d.reviewRequests.map(({ assigneeName: _name, ...r }) => ({
        ...r,
        concernCode: tree.get(r.locationCode)?.concernCode ?? '',
        branchCode: tree.get(r.locationCode)?.branchCode ?? '',
        requestedAt: new Date(r.requestedAt),
        reviewedAt: date(r.reviewedAt),
      })),
      (b) => x.insert(t.reviewRequests).values(b),
    );
    await inBatches(
      [...d.protocol]
        .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
        .map((p) => ({
          ...p,
          at: new Date(p.at),
          concernCode: p.locationCode ? (tree.get(p.locationCode)?.concernCode ?? null) : null,
          branchCode: p.locationCode ? (tree.get(p.locationCode)?.branchCode ?? null) : null,
        })),
      (b) => x.insert(t.protocol).values(b),
    );
    // Pairs, not an object: jsonb sorts object keys, the footer keeps the dataset's order.
    await x.insert(t.settings).values({ key: 'footerLinks', value: Object.entries(d.footerLinks) });
    await seedContainerHistory(x, d.seed, o.now ?? new Date(), o.log);
  });
};

/**
 * A year of history per container (the same rows @falcon/demo-data generates, computed in SQL) ending
 * the week before `now`, so a demo always shows its last twelve months, and every container's forecast.
 */
export const seedContainerHistory = async (
  db: Db,
  seed: number,
  now: Date,
  log: (line: string) => void = () => {},
): Promise<void> => {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    let started = Date.now();
    const events = await seedHistory(tx, { seed, anchor: weekStart(now), log });
    log(`history: ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    const forecasts = await refreshAllForecasts(tx, now);
    log(`forecasts: ${forecasts} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
};

/** Whether the database holds container history (one seeded before it existed does not). */
export const hasHistory = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ id: t.containerEvents.id }).from(t.containerEvents).limit(1);
  return row !== undefined;
};

/** The built-in roles of api-client (ids R01-R05, like the dataset's). */
const builtInRoles = () =>
  DEFAULT_ROLE_NAMES.map((rolename, i) => ({
    id: `R${String(i + 1).padStart(2, '0')}`,
    rolename,
    firstname: null,
    lastname: null,
    region: null,
    builtIn: true,
    secondFactorRequired: SECOND_FACTOR_ROLES.includes(rolename),
    permissions: [...DEFAULT_ROLES[rolename].permissions] as string[],
  }));

/** The built-in roles and the first ADMIN of a production start without demo data. */
export const bootstrapAdmin = async (
  db: Db,
  admin: { username: string; password: string },
): Promise<void> => {
  const hashed = await hashPassword(admin.password);
  const roles = builtInRoles();
  await db.transaction(async (tx) => {
    const x = tx as unknown as Db;
    // Built-in roles may exist already (a database whose users were all removed).
    await x.insert(t.roles).values(roles).onConflictDoNothing();
    await x
      .insert(t.rolePermissions)
      .values(roles.flatMap((r) => r.permissions.map((code) => ({ roleId: r.id, code }))))
      .onConflictDoNothing();
    const id = newId('U');
    await x.insert(t.users).values({
      id,
      username: admin.username,
      passwordHash: hashed,
      firstname: '',
      lastname: admin.username,
      scopeAll: true,
      sessionTimeoutMinutes: 60,
      createdAt: new Date(),
    });
    await x.insert(t.userRoles).values({ userId: id, roleId: 'R01' });
    await x.insert(t.settings).values({ key: 'footerLinks', value: [] }).onConflictDoNothing();
  });
};
