import { AppError } from '../errors';

// Bodies of JSON and form requests are small; uploads stream through their own reader.
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyKind = 'json' | 'form';

const MEDIA_TYPES: Record<BodyKind, RegExp> = {
  json: /^application\/([\w.-]+\+)?json$/i,
  form: /^application\/x-www-form-urlencoded$/i,
};

const EXPECTED: Record<BodyKind, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** The body as text, refused (413) past MAX_BODY_BYTES: Content-Length first, then by counting. */
export async function readCapped(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(): AppError {
  return new AppError('payload_too_large', { detail: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
}

/**
 * Reads a JSON or form body. An empty body reads as undefined (the schema decides whether that
 * is allowed); a body of another media type is 415; malformed JSON is 400.
 */
export async function readBody(request: Request, kind: BodyKind): Promise<unknown> {
  const text = await readCapped(request);
  if (text.length === 0) return undefined;
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!MEDIA_TYPES[kind].test(mediaType)) {
    throw new AppError('unsupported_media_type', {
      detail: `This endpoint takes ${EXPECTED[kind]}${mediaType ? `, not ${mediaType}` : ''}.`,
    });
  }
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', { detail: 'The request body is not valid JSON.' });
  }
}
