import { endpoints } from '@falcon/api-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryOf, exampleOf, HOSTILE_STRINGS } from '../src';
import { traitOf } from '../src/fuzz';

const requestSchemas = endpoints.flatMap(({ name, endpoint }) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    endpoint[part] ? [[`${name} ${part}`, endpoint[part]] as const] : [],
  ),
);

describe('requests from the contract’s zod schemas', () => {
  it.each(requestSchemas)('%s: the smallest example is valid', (_name, schema) => {
    expect(schema.safeParse(exampleOf(schema)).error?.issues).toBeUndefined();
  });

  it.each(requestSchemas)('%s: generated values are mostly valid', (_name, schema) => {
    const values = fc.sample(arbitraryOf(schema), { numRuns: 60, seed: 3 });
    const valid = values.filter((v) => schema.safeParse(v).success).length;
    expect(valid).toBeGreaterThanOrEqual(40);
  });

  it('hostile mode reaches NUL, lone surrogates and year 0000 inside otherwise valid requests', () => {
    const search = endpoints.find((e) => e.name === 'location.search')?.endpoint.body;
    const values = fc.sample(arbitraryOf(search, { hostile: true }), { numRuns: 400, seed: 5 });
    const text = JSON.stringify(values);
    expect(text).toContain('\\u0000');
    expect(text).toMatch(/\\ud[89ab][0-9a-f]{2}/);
    expect(text).toContain('"0000-01-01"');
    expect(values.filter((v) => search?.safeParse(v).success).length).toBeGreaterThan(200);
  });

  it('invalid mode also breaks the schema: wrong types, unknown keys, missing fields', () => {
    const body = endpoints.find((e) => e.name === 'users.create')?.endpoint.body;
    const values = fc.sample(arbitraryOf(body, { invalid: true }), { numRuns: 200, seed: 7 });
    const issues = new Set(values.flatMap((v) => body?.safeParse(v).error?.issues.map((i) => i.code) ?? []));
    expect([...issues]).toEqual(expect.arrayContaining(['invalid_type', 'unrecognized_keys']));
  });

  it('names what is hostile about a request', () => {
    expect(traitOf({ method: 'GET', url: '/api/rest/v2/location/a%00b' })).toBe('NUL');
    expect(traitOf({ method: 'POST', url: '/x', json: { query: '\ud800' } })).toBe('lone surrogate');
    expect(traitOf({ method: 'POST', url: '/x', json: { query: '\ud83d\ude00' } })).toBe('plain');
    expect(traitOf({ method: 'POST', url: '/x', json: { d: '0000-01-01' } })).toBe('edge date');
    expect(traitOf({ method: 'POST', url: '/x', json: { n: 1e308 }, withoutCsrfHeader: true })).toBe(
      'extreme number+no X-Requested-With',
    );
    expect(HOSTILE_STRINGS).toContain('\u0000');
  });
});
