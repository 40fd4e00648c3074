// Idempotent writes (docs/rest-guide.md): a write sent with an `Idempotency-Key` runs once per API key and key; a
// retry gets the first answer again. The key is claimed in the database, so this holds across instances.
import { createHash } from 'node:crypto';
import { AppError, badRequest } from '../errors.js';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_RETENTION_MS,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
  isKeptAnswer,
  isValidIdempotencyKey,
  judgeRepeat,
  type StoredAnswer,
} from '../domain/idempotency.js';
import { newRandomId } from '../domain/identifiers.js';
import type { IdempotencyKeyStore } from '../store/idempotency-keys.js';

/** The 409 of a retry that came while the first request still runs; Retry-After tells a client when to ask again. */
const stillRunning = () => new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, {}, { 'retry-after': '1' });

/** How a write with a key goes on: run it (then keep or give up its answer), or answer with the kept one. */
export type IdempotentStart = { kind: 'run'; finish(answer: StoredAnswer): Promise<void>; abandon(): Promise<void> } | { kind: 'replay'; answer: StoredAnswer };

/** A claim can be lost to a concurrent release or a stale record's replacement; past this many rounds, answer 409. */
const CLAIM_ROUNDS = 3;

export class IdempotentRequests {
  constructor(
    private readonly store: IdempotencyKeyStore,
    private readonly clock: () => Date,
  ) {}

  /**
   * Claims `key` for this request, or tells what a repeat gets: the kept answer (same request), 422 (another request
   * used the key), 409 (the first is still running), 400 (not an acceptable key).
   */
  async begin(apiKey: string, key: string, fingerprint: string): Promise<IdempotentStart> {
    if (!isValidIdempotencyKey(key)) throw badRequest(INVALID_IDEMPOTENCY_KEY_MESSAGE);
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      const now = this.clock();
      const claim = newRandomId();
      const claimed = await this.store.claim({
        apiKey,
        key,
        fingerprint,
        claim,
        claimedAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
      });
      if (claimed) return this.running(apiKey, key, claim);
      const record = await this.store.find(apiKey, key);
      if (!record) continue; // released between the insert and the read: claim again
      const verdict = judgeRepeat(record, fingerprint, now);
      if (verdict.kind === 'replay') return verdict;
      if (verdict.kind === 'mismatch') throw new AppError('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (verdict.kind === 'in-flight') throw stillRunning();
      await this.store.release(apiKey, key, record.claim);
    }
    throw stillRunning();
  }

  private running(apiKey: string, key: string, claim: string): IdempotentStart {
    return {
      kind: 'run',
      finish: (answer) => (isKeptAnswer(answer.status) ? this.store.settle(apiKey, key, claim, answer) : this.store.release(apiKey, key, claim)),
      abandon: () => this.store.release(apiKey, key, claim),
    };
  }
}

/** What a retry must repeat exactly: the method, the path with its query, and the body's bytes. */
export function requestFingerprint(method: string, pathAndQuery: string, body: Uint8Array): string {
  return createHash('sha256').update(`${method} ${pathAndQuery}\n`).update(body).digest('base64url');
}
