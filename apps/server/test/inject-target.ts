import { encodeMultipart, type HttpResponse, type Target } from '@falcon/contract-testing';
import type { FastifyInstance } from 'fastify';

/** The real server as a target of the matrix and the fuzzer, through `app.inject` (no sockets). */
export const injectTarget = (name: string, app: FastifyInstance): Target => ({
  name,
  send: async (session, request) => {
    const headers: Record<string, string> = {};
    if (session) headers.cookie = session.cookie;
    if (request.method !== 'GET' && !request.withoutCsrfHeader)
      headers['x-requested-with'] = 'XMLHttpRequest';
    let payload: string | Buffer | undefined;
    if (request.multipart) {
      const encoded = encodeMultipart(request.multipart.fields, request.multipart.file);
      headers['content-type'] = encoded.contentType;
      payload = Buffer.from(encoded.body);
    } else if (request.rawJson !== undefined) {
      headers['content-type'] = 'application/json';
      payload = request.rawJson;
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(request.json);
    }
    const res = await app.inject({ method: request.method, url: request.url, headers, payload });
    const contentType = String(res.headers['content-type'] ?? '');
    const textual = /json|text|csv/.test(contentType);
    let json: unknown;
    if (contentType.includes('json'))
      try {
        json = res.json();
      } catch {
        json = undefined;
      }
    const cookie = res.cookies.find((c) => c.name === 'falcon_session' && c.value);
    const out: HttpResponse = { status: res.statusCode, contentType, text: textual ? res.body : '', json };
    if (cookie) out.sessionCookie = `falcon_session=${cookie.value}`;
    return out;
  },
});
