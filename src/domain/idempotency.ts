// The rules of idempotent writes (docs/rest-guide.md): which keys are acceptable, how long an answer is kept, and what
// a request that arrives with a key already seen gets. Free of I/O; the use case in idempotency/ applies them.

/** Writes that accept an `Idempotency-Key`. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 1–255 printable ASCII characters (space to tilde). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

export const INVALID_IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.';
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE = 'A request with this Idempotency-Key is still being processed. Retry once it has finished to get its answer.';

/** How long the first answer to a key is kept. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A claim still marked running after this long belongs to a request whose instance stopped before answering (no request
 * runs this long: bodies are read before the claim and photo analysis is bounded): a retry may take it over.
 */
export const ABANDONED_CLAIM_MS = 10 * 60 * 1000;

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key);
}

/** The answer kept for a key: what the first request got. */
export interface StoredAnswer {
  status: number;
  /** The body as sent (JSON text). */
  body: string;
  contentType: string;
}

/** What is known about a key that was claimed before. */
export interface IdempotencyRecord {
  /** A digest of the first request (method, path and body); a retry must match it. */
  fingerprint: string;
  claimedAt: Date;
  expiresAt: Date;
  /** Null while the first request is still running. */
  answer: StoredAnswer | null;
}

export type IdempotencyVerdict =
  /** Answer again with the kept answer, doing nothing else. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key names another request: 422. */
  | { kind: 'mismatch' }
  /** The first request is still running: 409. */
  | { kind: 'in-flight' }
  /** The record no longer counts (kept answer past 24 h, or a claim abandoned by a stopped instance): claim anew. */
  | { kind: 'stale' };

/** What a request carrying an already claimed key gets. */
export function judgeRepeat(record: IdempotencyRecord, fingerprint: string, now: Date): IdempotencyVerdict {
  if (record.expiresAt.getTime() <= now.getTime()) return { kind: 'stale' };
  if (record.answer === null && now.getTime() - record.claimedAt.getTime() >= ABANDONED_CLAIM_MS) return { kind: 'stale' };
  if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
  return record.answer === null ? { kind: 'in-flight' } : { kind: 'replay', answer: record.answer };
}

/** Answers a retry may not replay: a server failure (5xx) is worth running again, so its claim is released. */
export function isKeptAnswer(status: number): boolean {
  return status < 500;
}

/** A request's claim on an idempotency key of its API key: only the request holding `claim` settles or releases it. */
export interface IdempotencyClaim {
  apiKey: string;
  key: string;
  fingerprint: string;
  claim: string;
  claimedAt: Date;
  expiresAt: Date;
}
