import type { FastifyInstance } from 'fastify';
import type { Client } from './harness';

/** A multipart request as the web app sends it (text fields, then the `file` part), via inject. */
export const upload = async (
  app: FastifyInstance,
  client: Client,
  url: string,
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: client.cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': encoded.headers.get('content-type') as string,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
};
