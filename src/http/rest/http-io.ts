// Reading JSON request bodies within a size limit, and writing JSON responses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, badRequest } from '../../errors.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The raw body, refusing (413) anything over the limit without buffering it. */
export async function readBodyBytes(request: IncomingMessage, limit = JSON_BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The raw body as text, within the limit. */
export async function readBodyText(request: IncomingMessage, limit = JSON_BODY_LIMIT_BYTES): Promise<string> {
  return (await readBodyBytes(request, limit)).toString('utf8');
}

/** The JSON body; `undefined` for no body or a blank one. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body.');
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

function tooLarge(limit: number): AppError {
  // The rest of the body is never read, so the connection cannot be reused for another request.
  return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes.`, {}, { connection: 'close' });
}
