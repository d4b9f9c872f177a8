import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PERMISSION_CODES, DEFAULT_ROLES, renderSummary } from '@falcon/api-client';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { type Database, MIGRATIONS_DIR } from './client';
import * as t from './schema';

/**
 * Migration 0005 turns stored protocol texts with a container code inside into templates with the
 * container as a parameter, renames a quantity change's `factor` and keys rack orders by list. The
 * rows below are written the way the server wrote them before; the migration's data statements
 * then run over them (the schema part ran when the test database was made).
 */
const dataStatements = readFileSync(join(MIGRATIONS_DIR, '0007_protocol_params_per_reader.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(--[^\n]*\n)*UPDATE/.test(s));

let database: Database;
let container: typeof t.containers.$inferSelect;

const legacy = (seq: string, row: Partial<typeof t.protocol.$inferInsert>) => ({
  id: `P-LEGACY-${seq}`,
  at: new Date('2026-01-01T00:00:00Z'),
  username: 'staff',
  type: 'request',
  objectType: 'container',
  objectId: container.id,
  locationCode: container.locationCode,
  concernCode: container.concernCode,
  branchCode: container.branchCode,
  summary: '',
  params: null,
  before: null,
  after: null,
  ...row,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  [container] = (await db
    .select()
    .from(t.containers)
    .where(eq(t.containers.concernCode, 'C001'))
    .orderBy(asc(t.containers.id))
    .limit(1)) as [typeof t.containers.$inferSelect];
  await db.insert(t.protocol).values([
    legacy('1', {
      summary: `changequantity requested for ${container.code}`,
      after: { requestId: 'RQ-OLD', type: 'changequantity', factor: 50, previousFillingQuantity: 10 },
    }),
    legacy('2', {
      type: 'review_approved',
      objectType: 'review',
      objectId: 'RQ-OLD',
      username: 'backoffice',
      summary: `changequantity for ${container.code} approved`,
    }),
    legacy('3', { type: 'upload', objectType: 'image', summary: 'image {plan}.png uploaded' }),
    legacy('4', {
      type: 'update',
      objectType: 'rackLayout',
      objectId: container.locationCode,
      summary: `rack order of ${container.locationCode} changed`,
      before: { [`${container.locationCode}-R01`]: 1, [`${container.locationCode}-R02`]: 2 },
      after: { [`${container.locationCode}-R02`]: 1, [`${container.locationCode}-R01`]: 2 },
    }),
  ]);
  await db.insert(t.reviewRequests).values({
    id: 'RQ-OLD',
    type: 'changequantity',
    state: 'pending',
    containerId: container.id,
    containerCode: container.code,
    locationCode: container.locationCode,
    locationName: 'L',
    concernCode: container.concernCode,
    branchCode: container.branchCode,
    requestedBy: 'staff',
    requestedAt: new Date('2026-01-01T00:00:00Z'),
    assigneeKey: null,
    payload: { factor: 50, previousFillingQuantity: 10 } as never,
  });
  for (const statement of dataStatements) await db.execute(sql.raw(statement));
});
afterAll(() => database.close());

const row = async (id: string) => {
  const [r] = await database.db.select().from(t.protocol).where(eq(t.protocol.id, id));
  return r as typeof t.protocol.$inferSelect;
};

describe('migration 0005 (protocol summaries per reader)', () => {
  it('has data statements for requests, decisions, quantities and rack orders', () => {
    expect(dataStatements.length).toBe(6);
  });

  it('turns a stored request text into a template with the container as a parameter', async () => {
    const r = await row('P-LEGACY-1');
    expect(r.summary).toBe('changequantity requested for {container}');
    expect(r.params).toEqual({
      values: { reviewType: 'changequantity' },
      container: {
        id: container.id,
        code: container.code,
        articleName: container.articleName,
        articleCode: container.articleCode,
      },
    });
    expect(renderSummary(r.summary, r.params, ALL_PERMISSION_CODES)).toBe(
      `changequantity requested for ${container.code}`,
    );
    expect(renderSummary(r.summary, r.params, DEFAULT_ROLES.KD_USER.permissions)).toBe(
      `changequantity requested for a container of ${container.articleName}`,
    );
    expect(r.after).toEqual({
      requestId: 'RQ-OLD',
      type: 'changequantity',
      fillingQuantity: 50,
      previousFillingQuantity: 10,
    });
  });

  it('does the same for decisions, finding the container by its code in the location', async () => {
    const r = await row('P-LEGACY-2');
    expect(r.summary).toBe('changequantity for {container} approved');
    expect(r.params?.container?.id).toBe(container.id);
    expect(renderSummary(r.summary, r.params, [])).toBe('changequantity for a container approved');
  });

  it('leaves other texts as they were, and they read as written', async () => {
    const r = await row('P-LEGACY-3');
    expect([r.summary, r.params]).toEqual(['image {plan}.png uploaded', null]);
    expect(renderSummary(r.summary, r.params, [])).toBe('image {plan}.png uploaded');
  });

  it('keys a rack order by list, in position order', async () => {
    const r = await row('P-LEGACY-4');
    const code = container.locationCode;
    expect(r.before).toEqual({ rackCodes: [`${code}-R01`, `${code}-R02`] });
    expect(r.after).toEqual({ rackCodes: [`${code}-R02`, `${code}-R01`] });
  });

  it("renames a quantity change's factor and names the request's article", async () => {
    const [request] = await database.db
      .select()
      .from(t.reviewRequests)
      .where(and(eq(t.reviewRequests.id, 'RQ-OLD')));
    expect(request?.payload).toEqual({ fillingQuantity: 50, previousFillingQuantity: 10 });
    expect(request?.articleName).toBe(container.articleName);
  });
});
