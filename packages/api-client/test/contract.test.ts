import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../src/contract';
import { pathParamNames } from '../src/contract/define';
import { buildOpenApiDocument } from '../src/openapi';
import { ALL_PERMISSION_CODES, FIELD_GROUPS, ROUTE_PERMISSIONS } from '../src/permissions';

describe('the contract', () => {
  it('names every call of spec section 7', () => {
    const keys = new Set(endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
    const spec = [
      'POST /rest/v2/auth/signin',
      'POST /rest/v2/auth/impersonate',
      'POST /rest/v2/auth/signout',
      'GET /rest/v2/branch/:code',
      'GET /rest/v2/branch/:code/map',
      'GET /rest/v2/branch/:code/locationpositions',
      'POST /rest/v2/branch/:branchCode/locationposition',
      'DELETE /rest/v2/branch/:branchCode/locationposition',
      'DELETE /rest/v2/branch/:code/locationpositions',
      'POST /rest/v2/branch/:code/map/upload',
      'POST /rest/v2/branch/:code/search',
      'POST /rest/v2/branch/:code/export/xlsx',
      'GET /rest/v2/concerns',
      'GET /rest/v2/concerns/employees/inhousestaff',
      'GET /rest/v2/concerns/employees/fieldservice',
      'GET /rest/v2/concern/:code',
      'POST /rest/v2/concern/:code/search',
      'GET /rest/v2/employee/:key',
      'GET /rest/v2/cbl',
      'GET /rest/v2/supportedLanguages',
      'GET /rest/v2/content/footer',
      'POST /rest/v2/suggestcbl',
      'GET /rest/v2/suggestcbl',
      'GET /version.txt',
      'GET /rest/v2/container/:id',
      'GET /rest/v2/container/:id/documents',
      'POST /rest/v2/container/:id/deactivate',
      'POST /rest/v2/container/:id/scan',
      'POST /rest/v2/container/:id/additionalorder',
      'POST /rest/v2/container/:id/changequantity',
      'GET /rest/v2/location/:code',
      'GET /rest/v2/location/pa/:code',
      'GET /rest/v2/location/:code/appointments',
      'GET /rest/v2/location/:code/admin',
      'POST /rest/v2/location/:code/search',
      'POST /rest/v2/suggestcontainer/:code/search',
      'POST /rest/v2/location/:code/images',
      'POST /rest/v2/location/:code/image/upload',
      'DELETE /rest/v2/location/:code/image/:imageId',
      'POST /rest/v2/location/:code/export/xlsx',
      'POST /rest/v2/listroles',
      'POST /rest/v2/role/create',
      'GET /rest/v2/roleid/:id',
      'POST /rest/v2/role/:rolename',
      'GET /rest/v2/roles',
      'DELETE /rest/v2/role/:rolename',
      'POST /rest/v2/users',
      'POST /rest/v2/user/create',
      'GET /rest/v2/user/:username',
      'GET /rest/v2/userid/:id',
      'POST /rest/v2/user/:username',
      'GET /rest/v2/permissions',
      'DELETE /rest/v2/user/:username',
    ];
    expect(spec.filter((call) => !keys.has(call))).toEqual([]);
  });

  it('has no two endpoints on the same method and path', () => {
    const keys = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('declares a schema for every path parameter and a known tenant parameter', () => {
    for (const { name, endpoint } of endpoints) {
      const shape = (endpoint.params as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), name).toEqual([...pathParamNames(endpoint.path)].sort());
      if (endpoint.tenant) expect(pathParamNames(endpoint.path), name).toContain(endpoint.tenant.param);
    }
  });

  it('guards with known permission codes only', () => {
    for (const { name, endpoint } of endpoints) {
      for (const code of endpoint.permissions ?? []) expect(ALL_PERMISSION_CODES, name).toContain(code);
    }
  });

  it('rejects unknown fields in request bodies', () => {
    const signin = endpoints.find((e) => e.name === 'auth.signin')?.endpoint;
    const result = signin?.body?.safeParse({ username: 'a', password: 'b', admin: true });
    expect(result?.success).toBe(false);
  });
});

describe('the permission catalogue', () => {
  it('keeps the route-guard codes exactly as the spec names them', () => {
    expect(Object.values(ROUTE_PERMISSIONS)).toEqual(
      expect.arrayContaining([
        'PERM_CREATEROLE',
        'PERM_CREATEUSER',
        'PERM_SYSADMIN',
        'PERM_EXPORTSEARCHRESULTTOEXCEL',
        'PERM_REMOVEUSER',
        'PERM_VIEWGLOBALPROTOCOLENTRIES',
      ]),
    );
  });

  it('has unique codes and five visibility groups of known field codes', () => {
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    expect(Object.keys(FIELD_GROUPS)).toEqual([
      'MASTERDATA',
      'ARTICLESTATISTICS',
      'CONTAINERSTATISTICS',
      'DELIVERYDETAILS',
      'CONTAINERDATA',
    ]);
    for (const codes of Object.values(FIELD_GROUPS))
      for (const code of codes) expect(ALL_PERMISSION_CODES).toContain(code);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument({ version: '1.2.3' });

  it('is OpenAPI 3.1 with one operation per endpoint', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(endpoints.length);
    expect(new Set(operations.map((op) => (op as { operationId: string }).operationId)).size).toBe(
      endpoints.length,
    );
  });

  it('describes bodies, path parameters, multipart uploads and permissions', () => {
    const search = doc.paths['/api/rest/v2/location/{code}/search']?.post as Record<string, unknown>;
    expect(JSON.stringify(search.requestBody)).toContain('deliveryState');
    expect(JSON.stringify(search.parameters)).toContain('"name":"code"');
    const upload = doc.paths['/api/rest/v2/location/{code}/image/upload']?.post as Record<string, unknown>;
    expect(JSON.stringify(upload.requestBody)).toContain('multipart/form-data');
    const users = doc.paths['/api/rest/v2/users']?.post as Record<string, unknown>;
    expect(users['x-permissions']).toEqual(['PERM_CREATEUSER']);
  });
});

describe('the committed openapi.json', () => {
  it('matches the contract (run `npm run openapi` after changing it)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    const committed = JSON.parse(await readFile(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ version }))));
  });
});
