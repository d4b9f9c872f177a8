import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../contract';
import { Container } from '../contract/container';
import { FIELD_KEYS_META } from '../contract/fields';
import { Rack } from '../contract/location';
import { ContainerRef, ProtocolEntry } from '../contract/protocol';
import { ReviewRequest } from '../contract/review';
import { ALL_PERMISSION_CODES, FIELD_PERMISSIONS } from '../permissions';
import { toCsv } from './csv';
import { cellLabel } from './fields';
import { describeContainer, renderSummary } from './protocol';
import { DEFAULT_ROLES } from './roles';
import { fieldPermissionPaths, leakedFields, visibleColumns, visibleFor } from './visibility';

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A value of a schema with every optional field present and one element per array. */
const sample = (schema: z.ZodType): unknown => {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType as z.ZodType);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, sample(v)]),
      );
    case 'array':
      return [sample(def.element as z.ZodType)];
    case 'record':
      // Keys of a keyed record: a container field's change, an identity field's, and no field.
      return z.globalRegistry.get(schema)?.[FIELD_KEYS_META]
        ? { 'K0000001.fillingQuantity': 5, 'K0000001.active': false, width: 640, note: 'x' }
        : { key: sample(def.valueType as z.ZodType) };
    case 'string':
      return (
        (
          { datetime: '2026-01-02T03:04:05Z', date: '2026-01-02', email: 'a@example.com' } as Record<
            string,
            string
          >
        )[def.format as string] ?? 'sample'
      );
    case 'number': {
      const n = schema as z.ZodNumber;
      return Math.min(Math.max(60, n.minValue ?? 60), n.maxValue ?? 60);
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sample((def.options as z.ZodType[])[0] as z.ZodType);
    case 'pipe':
      return sample(def.in as z.ZodType);
    case 'lazy':
      return sample((def.getter as () => z.ZodType)());
    default:
      return 'sample';
  }
};

/** The objects a path (`items[].payload.fillingQuantity`) ends in, and the last key. */
const parentsAt = (value: unknown, path: string): { parents: Record<string, unknown>[]; key: string } => {
  const tokens = path.match(/[^.[\]{}]+|\[\]|\{\}/g) ?? [];
  const key = tokens.pop() as string;
  let here: unknown[] = [value];
  for (const token of tokens)
    here = here.flatMap((v): unknown[] => {
      if (token === '[]') return Array.isArray(v) ? v : [];
      if (token === '{}') return typeof v === 'object' && v !== null ? Object.values(v) : [];
      return typeof v === 'object' && v !== null && token in v ? [(v as Record<string, unknown>)[token]] : [];
    });
  const parents = here.filter((n): n is Record<string, unknown> => typeof n === 'object' && n !== null);
  return { parents, key };
};

const ROLES: [string, readonly string[]][] = [
  ...Object.entries(DEFAULT_ROLES).map(([name, role]): [string, readonly string[]] => [
    name,
    role.permissions,
  ]),
  ['no codes', []],
];

/** The schema each endpoint's answer is filtered by: its JSON response, or its table's rows. */
const answerSchemas = endpoints.flatMap(({ name, endpoint }) =>
  endpoint.table
    ? [{ name, schema: endpoint.table as z.ZodType }]
    : endpoint.responseKind && endpoint.responseKind !== 'json'
      ? []
      : [{ name, schema: endpoint.response }],
);

describe('the field filter over every contract endpoint', () => {
  it('finds the tagged fields where containers, requests, protocol entries, cells and downloads go out', () => {
    const tagged = answerSchemas
      .filter(({ schema }) => fieldPermissionPaths(schema).length)
      .map((a) => a.name);
    expect(tagged).toEqual(
      expect.arrayContaining([
        'container.get',
        'container.byBarcode',
        'container.requests',
        'container.scan',
        'article.get',
        'location.get',
        'location.racks',
        'location.search',
        'location.suggestContainer',
        'concern.search',
        'branch.search',
        'reviews.list',
        'reviews.mine',
        'reviews.approve',
        'admin.dashboard',
        'protocol.list',
        'protocol.location',
        'barcodeLists.get',
        'barcodeLists.download',
        'inventoryLists.get',
        'inventoryLists.transfer',
      ]),
    );
  });

  it('declares every tagged field optional: an answer without it still matches the contract', () => {
    for (const { name, schema } of answerSchemas) {
      const none = visibleFor(schema, [])(sample(schema));
      const parsed = schema.safeParse(none);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true);
    }
  });

  for (const [role, permissions] of ROLES)
    it(`drops exactly the tagged fields ${role} lacks, on every endpoint`, () => {
      const held = new Set(permissions);
      let checked = 0;
      for (const { name, schema } of answerSchemas) {
        const full = sample(schema);
        expect(schema.safeParse(full).success, `${name}: the sample matches`).toBe(true);
        const seen = visibleFor(schema, permissions)(full);
        expect(schema.safeParse(seen).success, `${name}: the filtered answer matches`).toBe(true);
        for (const { path, permission } of fieldPermissionPaths(schema)) {
          if (permission === '(by key)') {
            for (const record of parentsAt(seen, `${path.slice(0, -2)}.x`).parents) {
              checked++;
              expect('K0000001.fillingQuantity' in record, `${name} ${path}`).toBe(
                held.has(FIELD_PERMISSIONS.fillingQuantity),
              );
              expect(record).toMatchObject({ 'K0000001.active': false, width: 640, note: 'x' });
            }
            continue;
          }
          const before = parentsAt(full, path);
          const after = parentsAt(seen, path);
          expect(before.parents.length, `${name} ${path} is in the sample`).toBeGreaterThan(0);
          for (const parent of after.parents) {
            expect(before.key in parent, `${name} ${path} (${permission})`).toBe(held.has(permission));
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(50);
    });

  it('leaves answers without tagged fields as they are (the same object)', () => {
    const session = endpoints.find((e) => e.name === 'auth.session')?.endpoint.response as z.ZodType;
    const value = sample(session);
    expect(visibleFor(session, [])(value)).toBe(value);
  });

  it('compiles once per set of codes that matter to the schema', () => {
    const a = visibleFor(Container, ['PERM_FIELD_PRICE', 'PERM_SYSADMIN']);
    const b = visibleFor(Container, new Set(['PERM_FIELD_PRICE', 'PERM_CREATEUSER']));
    expect(a).toBe(b);
    expect(visibleFor(Container, ['PERM_FIELD_CONTAINERCODE'])).not.toBe(a);
    // A caller holding every code gets the answer untouched.
    const all = visibleFor(Container, ALL_PERMISSION_CODES);
    const c = sample(Container) as z.infer<typeof Container>;
    expect(all(c)).toBe(c);
  });

  it('tags every labelled container field with its own code, from the one catalogue', () => {
    const tags = Object.fromEntries(fieldPermissionPaths(Container).map((p) => [p.path, p.permission]));
    const expected = Object.fromEntries(
      Object.entries(FIELD_PERMISSIONS).filter(
        ([k]) => !['articleImage', 'articleDocuments', 'articleDrawing'].includes(k),
      ),
    );
    expect(tags).toEqual(expected);
  });
});

describe('requests, protocol values and the rack grid', () => {
  it('hides the container code and the quantities of a request without their codes', () => {
    const request = {
      ...(sample(ReviewRequest) as z.infer<typeof ReviewRequest>),
      containerCode: 'KB-0000022',
      payload: { fillingQuantity: 50, previousFillingQuantity: 20 },
    };
    const staff = visibleFor(ReviewRequest, DEFAULT_ROLES.KD_USER.permissions)(request);
    expect(staff).not.toHaveProperty('containerCode');
    expect(staff.payload).toEqual({ fillingQuantity: 50, previousFillingQuantity: 20 });
    const sales = visibleFor(ReviewRequest, ['PERM_FIELD_ARTICLENAME'])(request);
    expect(sales.payload).toEqual({});
    expect(sales.articleName).toBe(request.articleName);
  });

  it('drops protocol values of fields the reader lacks by their key', () => {
    const entry = {
      ...(sample(ProtocolEntry) as z.infer<typeof ProtocolEntry>),
      before: { 'K1.fillingQuantity': 1, 'K1.price': 2, 'K1.active': true, rackCodes: ['R1'], width: 3 },
    };
    const seen = visibleFor(ProtocolEntry, [FIELD_PERMISSIONS.fillingQuantity])(entry);
    expect(seen.before).toEqual({ 'K1.fillingQuantity': 1, 'K1.active': true, width: 3 });
  });

  it('labels a cell with what the caller may see, the position last', () => {
    const cell = {
      id: 'K1',
      active: true,
      alarming: false,
      articleName: 'Mutter',
      articleCode: 'A1',
      code: 'KB-1',
    };
    const rack = {
      code: 'L01-R01',
      name: 'Regal 01',
      position: 1,
      lastHandled: null,
      scanPending: false,
      shelves: [
        {
          code: 'L01-R01-S1',
          position: 1,
          places: [{ code: 'L01-R01-S1-P01', position: 3, container: cell }],
        },
      ],
    };
    const blind = visibleFor(Rack, [])(rack);
    expect(blind).toEqual({
      name: 'Regal 01',
      position: 1,
      lastHandled: null,
      scanPending: false,
      shelves: [
        { position: 1, places: [{ position: 3, container: { id: 'K1', active: true, alarming: false } }] },
      ],
    });
    const place = blind.shelves[0]?.places[0];
    expect(cellLabel(place?.container as never, place?.position as number)).toBe('3');
    const staff = visibleFor(Rack, DEFAULT_ROLES.KD_USER.permissions)(rack).shelves[0]?.places[0];
    expect(cellLabel(staff?.container as never, 3)).toBe('Mutter');
    expect(staff).not.toHaveProperty('code');
  });
});

describe('protocol summaries per reader', () => {
  const params = {
    values: { reviewType: 'scan' },
    container: { id: 'K0000022', code: 'KB-0000022', articleName: 'Mutter M8', articleCode: 'A-8' },
  };
  const template = '{reviewType} requested for {container}';

  it('names the container by what the reader may see', () => {
    expect(renderSummary(template, params, ALL_PERMISSION_CODES)).toBe('scan requested for KB-0000022');
    expect(renderSummary(template, params, DEFAULT_ROLES.KD_USER.permissions)).toBe(
      'scan requested for a container of Mutter M8',
    );
    expect(renderSummary(template, params, [FIELD_PERMISSIONS.articleCode])).toBe(
      'scan requested for a container of article A-8',
    );
    expect(renderSummary(template, params, [])).toBe('scan requested for a container');
  });

  it('reads plain entries as written, and leaves unknown placeholders', () => {
    expect(renderSummary('image {x}.png uploaded', null, [])).toBe('image {x}.png uploaded');
    expect(renderSummary('image {x}.png by {user}', { values: { user: 'staff' } }, [])).toBe(
      'image {x}.png by staff',
    );
  });

  it('keeps a ContainerRef without its tagged parts when the reader has none', () => {
    expect(visibleFor(ContainerRef, [])(params.container)).toEqual({ id: 'K0000022' });
    expect(describeContainer({ id: 'K1' })).toBe('a container');
  });
});

describe('table downloads', () => {
  it('write only the visible columns, formulas defused', () => {
    const endpoint = endpoints.find((e) => e.name === 'barcodeLists.download')?.endpoint;
    const table = endpoint?.table as z.ZodObject;
    const granted = [FIELD_PERMISSIONS.barcode, FIELD_PERMISSIONS.articleName];
    const columns = visibleColumns(table, granted);
    expect(columns).toEqual(['barcode', 'articleName']);
    const row = visibleFor(
      table,
      granted,
    )({ barcode: '4000', code: 'KB-1', articleCode: 'A', articleName: '=1+1' });
    expect(toCsv(columns, [row])).toBe("barcode;articleName\r\n4000;'=1+1\r\n");
  });
});

describe('leakedFields (for backend tests)', () => {
  it('names every tagged field present without its code', () => {
    const request = sample(ReviewRequest) as z.infer<typeof ReviewRequest>;
    expect(leakedFields(ReviewRequest, request, [])).toEqual([
      'containerCode',
      'articleName',
      'payload.fillingQuantity',
      'payload.previousFillingQuantity',
      'payload.rackCode',
      'payload.shelfCode',
    ]);
    expect(leakedFields(ReviewRequest, visibleFor(ReviewRequest, [])(request), [])).toEqual([]);
    const entry = {
      ...(sample(ProtocolEntry) as z.infer<typeof ProtocolEntry>),
      before: null,
      after: { 'K1.price': 1 },
    };
    // The entry's words name the container through the same field codes as a container (issue 14).
    expect(leakedFields(ProtocolEntry, entry, []).sort()).toEqual(
      [
        'after.K1.price',
        'words.container.articleCode',
        'words.container.articleName',
        'words.container.code',
      ].sort(),
    );
  });
});
