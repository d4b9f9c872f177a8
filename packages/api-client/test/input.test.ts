import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract, endpoints } from '../src/contract';
import { errorStatusesOf } from '../src/contract/answers';
import { DateInput } from '../src/contract/common';
import { isWellFormedText, malformedTextPath, refusesMalformedText } from '../src/contract/text';
import {
  approvedOrderDate,
  earliestOrderDate,
  isOrderDateAllowed,
  reviewConflict,
} from '../src/domain/requests';
import { buildOpenApiDocument } from '../src/openapi';

type Def = { type: string; format?: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every schema reachable from a request part (objects, arrays, records, wrappers, unions, pipes). */
const schemasIn = (schema: unknown, seen = new Set<unknown>()): unknown[] => {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const d = defOf(schema);
  const children: unknown[] = [
    ...Object.values((d.shape as Record<string, unknown>) ?? {}),
    ...((d.options as unknown[]) ?? []),
    d.innerType,
    d.element,
    d.keyType,
    d.valueType,
    d.in,
    d.out,
  ].filter(Boolean);
  return [schema, ...children.flatMap((child) => schemasIn(child, seen))];
};

const requestParts = endpoints.flatMap(({ name, endpoint }) =>
  (['params', 'query', 'body'] as const)
    .filter((part) => endpoint[part])
    .map((part) => ({ name, part, schema: endpoint[part] as z.ZodType })),
);

describe('text the contract takes', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    expect(isWellFormedText('Schraube DIN 933 – ÄÖÜ ß 😀\t\n')).toBe(true);
    expect(isWellFormedText('a\u0000b')).toBe(false);
    expect(isWellFormedText('a\ud800b')).toBe(false);
    expect(isWellFormedText('\udc00')).toBe(false);
    expect(isWellFormedText('\ud83d\ude00')).toBe(true);
  });

  it('names the first malformed string by its path, and a filter map by its own name', () => {
    expect(malformedTextPath({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(malformedTextPath({ filterMap: { 'k\ud800': 'v' } })).toEqual(['filterMap']);
    expect(malformedTextPath({ a: 1, b: null, c: ['fine'] })).toBeNull();
  });

  it('is checked in every request part of every endpoint', () => {
    expect(requestParts.length).toBeGreaterThan(60);
    const unguarded = requestParts.filter((p) => !refusesMalformedText(p.schema));
    expect(unguarded.map((p) => `${p.name} ${p.part}`)).toEqual([]);
  });

  it('answers with the field for path, query and body alike', () => {
    const byPath = contract.container.get.params.safeParse({ id: 'K1\u0000' });
    expect(byPath.success ? null : byPath.error.issues[0]?.path).toEqual(['id']);
    const byQuery = contract.cbl.suggestGet.query.safeParse({ query: '\ud800' });
    expect(byQuery.success ? null : byQuery.error.issues[0]?.path).toEqual(['query']);
    const byBody = contract.reviews.list.body.safeParse({ filterMap: { state: 'x\u0000' } });
    expect(byBody.success ? null : byBody.error.issues[0]?.path).toEqual(['filterMap', 'state']);
  });
});

describe('dates the contract takes', () => {
  it('lie from 1900-01-01 to 2999-12-31', () => {
    for (const ok of ['1900-01-01', '2026-02-28', '2999-12-31'])
      expect(DateInput.safeParse(ok).success).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '3000-01-01', '2026-02-30', '2026-1-1'])
      expect(DateInput.safeParse(bad).success).toBe(false);
  });

  it('are range-checked wherever a request carries one', () => {
    const dates = requestParts.flatMap((p) =>
      schemasIn(p.schema)
        .filter((s) => defOf(s).type === 'string' && defOf(s).format === 'date')
        .map((s) => ({
          where: `${p.name} ${p.part}`,
          ranged: !(s as z.ZodType).safeParse('0000-01-01').success,
        })),
    );
    expect(dates.length).toBeGreaterThanOrEqual(4);
    expect(dates.filter((d) => !d.ranged)).toEqual([]);
  });

  it('an additional order may name today anywhere on Earth, never yesterday', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    // In UTC-12 it is still the 24th: that user's today is allowed.
    expect(earliestOrderDate(now)).toBe('2026-11-24');
    expect(isOrderDateAllowed('2026-11-24', now)).toBe(true);
    expect(isOrderDateAllowed('2026-11-23', now)).toBe(false);
    expect(isOrderDateAllowed('2027-01-01', now)).toBe(true);
    expect(isOrderDateAllowed('0000-01-01', now)).toBe(false);
    expect(earliestOrderDate(new Date('2026-11-25T13:00:00Z'))).toBe('2026-11-25');
  });
});

describe('whether an approval can still apply a request', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const active = { container: { active: true } };
  it('applies while the container is active and the date is ahead', () => {
    expect(reviewConflict({ type: 'scan', payload: {} }, active)).toBeNull();
    expect(
      reviewConflict({ type: 'additionalorder', payload: { additionalOrderDate: '2026-12-01' } }, active),
    ).toBeNull();
  });
  it('not once the container is inactive or gone', () => {
    expect(reviewConflict({ type: 'scan', payload: {} }, { container: { active: false } })).toBe(
      'container_inactive',
    );
    expect(reviewConflict({ type: 'deactivate', payload: {} }, { container: null })).toBe(
      'container_inactive',
    );
  });
  it('not for an additional order whose date is no date of the contract', () => {
    for (const additionalOrderDate of ['0000-01-01', '3000-01-01', 'soon', undefined])
      expect(reviewConflict({ type: 'additionalorder', payload: { additionalOrderDate } }, active)).toBe(
        'date_invalid',
      );
  });
  it('a passed date still applies: the delivery becomes due today', () => {
    const late = { type: 'additionalorder' as const, payload: { additionalOrderDate: '2026-11-20' } };
    expect(reviewConflict(late, active)).toBeNull();
    expect(approvedOrderDate('2026-11-20', now)).toBe('2026-11-25');
    expect(approvedOrderDate('2026-12-01', now)).toBe('2026-12-01');
  });
  it('not for an inventory transfer whose list is gone', () => {
    const transfer = { type: 'inventorytransfer' as const, payload: { inventoryListId: 'IL1' } };
    expect(reviewConflict(transfer, { container: null, inventoryListExists: true })).toBeNull();
    expect(reviewConflict(transfer, { container: null, inventoryListExists: false })).toBe('list_missing');
  });
});

describe('documented answers', () => {
  it('derive from the metadata: session, CSRF, permissions, path, conflicts, throttling', () => {
    // Public, but a password check: 401 login_failed for a wrong username or password.
    expect([...errorStatusesOf(contract.auth.signin)]).toEqual([400, 401, 403, 429, 503]);
    expect([...errorStatusesOf(contract.concerns.list)]).toEqual([401, 503]);
    expect([...errorStatusesOf(contract.reviews.approve)]).toEqual([400, 401, 403, 404, 409, 503]);
    expect([...errorStatusesOf(contract.profile.changePassword)]).toEqual([400, 401, 403, 429, 503]);
    expect([...errorStatusesOf(contract.location.uploadImage)]).toEqual([400, 401, 403, 404, 413, 415, 503]);
    expect([...errorStatusesOf(contract.container.get)]).toEqual([400, 401, 404, 503]);
    expect([...errorStatusesOf(contract.location.search)]).toEqual([400, 401, 403, 404, 503]);
  });

  it('are the OpenAPI document’s responses, with Retry-After on 429', () => {
    const doc = buildOpenApiDocument();
    const op = (path: string, method: string) =>
      (doc.paths[path] as Record<string, { responses: Record<string, { headers?: object }> }>)[method];
    for (const { endpoint } of endpoints) {
      const path = (endpoint.root ? '' : '/api') + endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const statuses = Object.keys(op(path, endpoint.method.toLowerCase())?.responses ?? {})
        .map(Number)
        .filter((s) => s >= 400);
      expect(statuses).toEqual([...errorStatusesOf(endpoint)]);
    }
    expect(op('/api/rest/v2/auth/signin', 'post')?.responses['429']?.headers).toHaveProperty('Retry-After');
  });
});
