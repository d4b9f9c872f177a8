import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../errors';
import type { FileError } from '../files/result';
import { tooLarge, UPLOAD_RULES, type UploadKind } from '../files/sniff';

export interface Upload<F> {
  bytes: Buffer;
  /** The name the browser sent: display text only, never a path. */
  filename: string;
  fields: F;
}

/** A refused upload as the error body of the contract (`details.field` is always set). */
export const fileError = (e: FileError): HttpError =>
  new HttpError(e.status, e.error, e.message, { field: e.field, ...e.details });

const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a multipart upload: the one `file` part (at most the kind's limit plus one byte, so an
 * oversize file is noticed without buffering more) and the text fields, validated with the
 * endpoint's field schema (unknown fields are a 400 like in JSON bodies).
 */
export const readUpload = async <S extends z.ZodType>(
  request: FastifyRequest,
  kind: UploadKind,
  schema: S,
): Promise<Upload<z.output<S>>> => {
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.', {
      field: 'file',
    });
  const { maxBytes } = UPLOAD_RULES[kind];
  const raw: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw new HttpError(400, 'validation_error', 'One file part named "file" is expected.', {
            field: part.fieldname,
          });
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.byteLength > maxBytes) throw fileError(tooLarge(kind).error);
        file = { bytes, filename: part.filename };
      } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      else throw new HttpError(400, 'validation_error', 'Fields must be text.', { field: part.fieldname });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isTooLarge(error)) throw fileError(tooLarge(kind).error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'payload_too_large', undefined, { field: 'body' });
    if (status && status >= 500) throw error;
    // Everything else thrown while reading the parts is about the body the client sent: the parser's
    // own errors carry no status ("Multipart: Boundary not found", "Unexpected end of multipart data",
    // found by the multipart property test), and they are the client's, not a 500.
    throw new HttpError(400, 'upload_failed', 'The multipart body could not be read.', { field: 'file' });
  }
  if (!file) throw new HttpError(400, 'upload_failed', 'The file is missing.', { field: 'file' });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String) ?? [];
    if (issue?.code === 'unrecognized_keys' && issue.keys[0]) path.push(issue.keys[0]);
    throw new HttpError(400, 'validation_error', issue?.message ?? 'invalid field', {
      field: path.join('.') || 'body',
    });
  }
  return { bytes: file.bytes, filename: file.filename, fields: parsed.data };
};

/**
 * Sends stored bytes (in memory, or streamed from the object store) with the stored (sniffed) type;
 * `inline` for images, `attachment` for lists and exports (a text list may hold HTML). nosniff keeps
 * browsers from guessing otherwise.
 */
export const sendBytes = (
  reply: FastifyReply,
  file: { content: Uint8Array | Readable; contentType: string; filename: string; size?: number },
  inline = false,
): FastifyReply => {
  if (file.content instanceof Readable && file.size !== undefined) reply.header('Content-Length', file.size);
  return reply
    .code(200)
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(
      file.content instanceof Readable
        ? file.content
        : Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    );
};
