import { File as NodeFile } from 'node:buffer';
import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom's FormData and File do not travel through node's fetch (the file arrives as the text
 * "[object File]"): upload tests send node's own FormData and File, as a browser sends them.
 * Call once at the top of a test file.
 */
export function uploadLikeABrowser(): void {
  const jsdomFormData = globalThis.FormData;
  beforeAll(async () => {
    globalThis.FormData = (await new Response(new URLSearchParams()).formData())
      .constructor as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = jsdomFormData;
  });
}

/** A file whose bytes reach the (mock) server; pair with `uploadLikeABrowser`. */
export const uploadFile = (parts: (string | Uint8Array)[], name: string, type: string): File =>
  new NodeFile(parts, name, { type }) as unknown as File;
