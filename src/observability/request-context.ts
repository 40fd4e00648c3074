// The request a piece of work belongs to, carried through async calls, so every log line written while a request is
// handled (in any module) names its request id, and every error body can quote it (docs/rest-guide.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A client's own id is kept when it is safe to echo and log: 1–128 characters of letters, digits, `.`, `_`, `-`. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The client's `X-Request-Id` when it is acceptable, otherwise a new one. */
export function chooseRequestId(clientValue: string | undefined): string {
  return clientValue !== undefined && CLIENT_REQUEST_ID.test(clientValue) ? clientValue : randomUUID();
}

/** Runs `work` as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being handled, or undefined outside one (start-up, timers, background workers). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
