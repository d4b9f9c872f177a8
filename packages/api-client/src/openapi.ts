import { z } from 'zod';
import { endpoints } from './contract';
import { errorAnswersOf } from './contract/answers';
import { ErrorBody } from './contract/common';
import { pathParamNames } from './contract/define';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const errorResponse = (status: number, description: string) => ({
  description,
  ...(status === 429 || status === 503
    ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The OpenAPI 3.1 document of the contract: what `/api/docs` serves and `npm run openapi` writes. */
export const buildOpenApiDocument = (
  info: { version: string; serverUrl?: string } = { version: '0.0.0' },
) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { name, endpoint } of endpoints) {
    const openPath = (endpoint.root ? '' : '/api') + endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const paramShape = (endpoint.params as z.ZodObject | undefined)?.shape ?? {};
    const parameters: unknown[] = pathParamNames(endpoint.path).map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: paramShape[param] ? toSchema(paramShape[param] as z.ZodType, 'input') : { type: 'string' },
    }));
    if (!endpoint.root) {
      parameters.push({ name: 'lang', in: 'query', required: false, schema: { type: 'string' } });
    }
    const queryShape = (endpoint.query as z.ZodObject | undefined)?.shape ?? {};
    for (const [param, schema] of Object.entries(queryShape)) {
      parameters.push({
        name: param,
        in: 'query',
        required: false,
        schema: toSchema(schema as z.ZodType, 'input'),
      });
    }
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: endpoint.summary,
      tags: [name.split('.')[0]],
      parameters,
      responses: {
        [String(endpoint.status ?? 200)]:
          endpoint.responseKind === 'binary'
            ? {
                description: 'File',
                content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
              }
            : endpoint.responseKind === 'text'
              ? { description: 'Text', content: { 'text/plain': { schema: { type: 'string' } } } }
              : {
                  description: 'OK',
                  content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } },
                },
        ...Object.fromEntries(
          errorAnswersOf(endpoint).map((a) => [String(a.status), errorResponse(a.status, a.description)]),
        ),
      },
    };
    if (endpoint.permissions?.length) operation['x-permissions'] = endpoint.permissions;
    if (endpoint.auth !== 'public') operation.security = [{ session: [] }];
    if (endpoint.multipart) {
      const fields = endpoint.body ? toSchema(endpoint.body, 'input') : { type: 'object', properties: {} };
      const properties = {
        ...((fields.properties as object) ?? {}),
        file: { type: 'string', format: 'binary' },
      };
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties, required: ['file'] },
            encoding: { file: { contentType: endpoint.multipart.accept.join(', ') } },
          },
        },
        description: `At most ${endpoint.multipart.maxBytes} bytes`,
      };
    } else if (endpoint.body) {
      operation.requestBody = {
        required: !endpoint.body.safeParse(undefined).success,
        content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
      };
    }
    paths[openPath] = { ...(paths[openPath] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Falcon rest/v2',
      version: info.version,
      description:
        'The Falcon API. Every request carries `lang`; state-changing requests need `X-Requested-With: XMLHttpRequest`.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    paths,
    components: {
      schemas: { ErrorBody: toSchema(ErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'falcon_session' } },
    },
  };
};
