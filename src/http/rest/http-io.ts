// Reading JSON request bodies within a size and nesting limit, and writing JSON responses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, badRequest } from '../../errors.js';
import { JSON_TOO_DEEP_MESSAGE, jsonTextTooDeep } from '../../domain/validation.js';
import { currentRequestId } from '../../observability/request-context.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Past the limit, the rest of a body is still read and dropped up to this size, so that a client that is still
 * sending reads the 413 instead of a broken pipe. A larger body is answered at once and its connection closed.
 */
export const DISCARDED_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** The client went away before its body arrived: nobody is left to answer, and it is not our failure. */
export class ClientDisconnectedError extends Error {
  constructor() {
    super('The client closed the connection before sending its whole body.');
    this.name = 'ClientDisconnectedError';
  }
}

/** Bodies already read whole before the route ran (an idempotent write's), served again to the route. */
const readBodies = new WeakMap<IncomingMessage, Buffer>();

/** Lets a route read a body that was already read from the socket. */
export function keepReadBody(request: IncomingMessage, body: Buffer): void {
  readBodies.set(request, body);
}

/** The raw body, refusing (413) anything over the limit without buffering it. */
export function readBodyBytes(request: IncomingMessage, limit = JSON_BODY_LIMIT_BYTES): Promise<Buffer> {
  const alreadyRead = readBodies.get(request);
  if (alreadyRead) return alreadyRead.length > limit ? Promise.reject(tooLarge(limit, { closeConnection: false })) : Promise.resolve(alreadyRead);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DISCARDED_BODY_LIMIT_BYTES) return Promise.reject(tooLarge(limit, { closeConnection: true }));
  if (request.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const stopListening = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onGone);
      request.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
      } else if (size <= DISCARDED_BODY_LIMIT_BYTES) {
        chunks = [];
      } else {
        stopListening();
        reject(tooLarge(limit, { closeConnection: true }));
      }
    };
    const onEnd = () => {
      stopListening();
      // The whole body was read, so the connection stays usable even after a 413.
      if (size > limit) reject(tooLarge(limit, { closeConnection: false }));
      else resolve(Buffer.concat(chunks));
    };
    const onGone = () => {
      stopListening();
      reject(new ClientDisconnectedError());
    };
    const onClose = () => {
      if (!request.complete) onGone();
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onGone);
    request.on('close', onClose);
  });
}

/** The raw body as text, within the limit. */
export async function readBodyText(request: IncomingMessage, limit = JSON_BODY_LIMIT_BYTES): Promise<string> {
  return (await readBodyBytes(request, limit)).toString('utf8');
}

/** The JSON body; `undefined` for no body or a blank one. Nesting is checked on the text, before parsing. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') return undefined;
  if (jsonTextTooDeep(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body.');
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(status >= 400 ? withRequestId(body) : body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** An error body quotes the request's id, so a client can name the request to support (docs/rest-guide.md). */
function withRequestId(body: unknown): unknown {
  const requestId = currentRequestId();
  if (requestId === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, request_id: requestId };
}

function tooLarge(limit: number, { closeConnection }: { closeConnection: boolean }): AppError {
  // A body that was not read to its end leaves the connection unusable for another request.
  return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes.`, {}, closeConnection ? { connection: 'close' } : {});
}
