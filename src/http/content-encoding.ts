// What a request's Accept-Encoding allows, for the faces that send compressed bodies (the pages' files, the report
// page, GraphQL answers): one reading of the header, brotli preferred.
import type { NonSharedBuffer } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Whether an Accept-Encoding header allows `encoding` (named without q=0). */
export function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    return name === encoding && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}

/** The encoding a per-request body is sent in: brotli when allowed, else gzip, else none. */
function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const header = String(acceptEncoding ?? '');
  return acceptsEncoding(header, 'br') ? 'br' : acceptsEncoding(header, 'gzip') ? 'gzip' : null;
}

// Quick settings: the body is compressed for each request.
const brotliOptions = (body: Buffer) => ({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
const GZIP_OPTIONS = { level: 6 };

type Compressed = { encoding: 'br' | 'gzip'; body: NonSharedBuffer } | null;
const ifSmaller = (encoded: Compressed, body: Buffer): Compressed => (encoded && encoded.body.length < body.length ? encoded : null);

/**
 * A body made per request (the report page, GraphQL answers), compressed at a quick setting when the browser takes it
 * and it helps: its encoding and bytes, or null to send it as it is. On libuv's thread pool, so a large answer never
 * holds the event loop.
 */
export async function compressedForRequest(acceptEncoding: string | undefined, body: Buffer): Promise<Compressed> {
  const encoding = chosenEncoding(acceptEncoding);
  if (encoding === null) return null;
  return ifSmaller({ encoding, body: encoding === 'br' ? await brotliAsync(body, brotliOptions(body)) : await gzipAsync(body, GZIP_OPTIONS) }, body);
}
