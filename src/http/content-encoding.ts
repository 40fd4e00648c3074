// What a request's Accept-Encoding allows, for the faces that send compressed bodies (the pages' files, the report
// page, GraphQL answers): one reading of the header, brotli preferred.
import type { NonSharedBuffer } from 'node:buffer';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Whether an Accept-Encoding header allows `encoding` (named without q=0). */
export function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    return name === encoding && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}

/**
 * A body made per request (the report page), compressed at a quick setting when the browser takes it and it helps:
 * its encoding and bytes, or null to send it as it is.
 */
export function compressedForRequest(acceptEncoding: string | undefined, body: Buffer): { encoding: 'br' | 'gzip'; body: NonSharedBuffer } | null {
  const header = String(acceptEncoding ?? '');
  const encoded = acceptsEncoding(header, 'br')
    ? { encoding: 'br' as const, body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) }
    : acceptsEncoding(header, 'gzip')
      ? { encoding: 'gzip' as const, body: gzipSync(body, { level: 6 }) }
      : null;
  return encoded && encoded.body.length < body.length ? encoded : null;
}
