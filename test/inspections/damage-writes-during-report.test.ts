// A damage record written while the report is being made (docs/staff.md): the report never differs from the stored
// records. A write that started before the review completed and lands after it is taken back, since the report was
// made without it. The write is held at the damage store's door (the real store, wrapped in place) while the review
// completes, then let through: what the use case does next is its undo step, and the test reads what it left. The same
// holds for a reopened review completed again into the next revision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/account.js';
import type { DamageRecord } from '../../src/domain/damage-record.js';
import { THEME_PHOTOS } from '../support/capture-flow.js';
import { expectAppError, startInProcess, type InProcess } from '../support/in-process.js';

const LITE = THEME_PHOTOS.LITE as number[];
const REVIEWER = 'reviewer@example.com';
/** Each case captures a whole LITE session through quality control first: minutes on a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 120_000;

let env: InProcess;
let account: Account;
let seed = 7_000;

beforeAll(async () => {
  env = await startInProcess();
  account = await env.createAccount({ review_mode: 'manual' });
});
afterAll(() => env?.close());

/** A LITE session confirmed and waiting for its review, with one accepted damage record (a review needs one). */
async function sessionInReview(): Promise<{ sessionKey: string; first: DamageRecord }> {
  const created = await env.services.sessions.create(account, { session: { theme: 'LITE' } });
  await env.services.capture.start(created);
  await env.captureScenes(created.key, LITE, (seed += 100));
  await env.services.capture.confirm(await env.session(created.key));
  const waiting = await env.session(created.key);
  expect([waiting.status, waiting.reviewPending]).toEqual(['CONFIRM', true]);
  const added = await env.services.sessions.addDamage(account, created.key, { item: 'hood', damage_type: 'scratch', grade: 2 }, 'staff');
  const first = await env.services.stores.damages.find(account.apiKey, created.key, added.damage_id as string);
  return { sessionKey: created.key, first: first as DamageRecord };
}

type DamageWrite = 'insert' | 'update' | 'deleteManual';

/** Holds the next call of `method` on the damage store before it writes, until released. */
function holdNextWrite(method: DamageWrite): { arrived: Promise<void>; release(): void } {
  const store = env.services.stores.damages as unknown as Record<DamageWrite, (...args: unknown[]) => Promise<unknown>>;
  const write = store[method];
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  store[method] = async (...args: unknown[]) => {
    store[method] = write;
    arrived();
    await released;
    return write.apply(store, args);
  };
  return { arrived: arrival, release };
}

/** Completes the review while `write` is held, lets the write through, and returns the write's outcome (to await). */
async function completeReviewDuring(write: DamageWrite, start: () => Promise<unknown>, sessionKey: string): Promise<{ outcome: Promise<unknown> }> {
  const gate = holdNextWrite(write);
  const writing = start();
  writing.catch(() => undefined);
  await gate.arrived;
  const completed = await env.services.reviews.completeReview(account, sessionKey, {}, REVIEWER);
  expect(completed.status).toBe('COMPLETE');
  gate.release();
  return { outcome: writing };
}

/** The accepted records as stored, and the damages of the report, in the same terms. */
async function storedAndReported(sessionKey: string) {
  const session = await env.session(sessionKey);
  const inspection = (session.results as { inspection: { damages: { damage_id: string; item: string; damage_type: string; grade: number }[] } }).inspection;
  const stored = (await env.services.stores.damages.listForSession(account.apiKey, sessionKey))
    .filter((damage) => damage.status === 'accepted')
    .map((damage) => ({ damage_id: damage.damageId, item: damage.item, damage_type: damage.damageType, grade: damage.grade }));
  const reported = inspection.damages.map(({ damage_id, item, damage_type, grade }) => ({ damage_id, item, damage_type, grade }));
  return { session, stored, reported };
}

const CLOSED = (sessionKey: string) => `Session ${sessionKey} is complete: its damage records can no longer change.`;

describe('a damage write that lands after the review completed without it', () => {
  it(
    'is taken back when it added a record, and the record’s place is given back',
    async () => {
      const { sessionKey, first } = await sessionInReview();
      const adding = await completeReviewDuring(
        'insert',
        () => env.services.sessions.addDamage(account, sessionKey, { item: 'roof', damage_type: 'dent', grade: 3 }, 'staff'),
        sessionKey,
      );
      await expectAppError(adding.outcome, 'CONFLICT', CLOSED(sessionKey));
      const { session, stored, reported } = await storedAndReported(sessionKey);
      expect(stored).toEqual(reported);
      expect(stored.map((damage) => damage.damage_id)).toEqual([first.damageId]);
      expect(session.damagesCount).toBe(1);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'is taken back when it changed a record: the record is as the report shows it',
    async () => {
      const { sessionKey, first } = await sessionInReview();
      const changing = await completeReviewDuring(
        'update',
        () => env.services.sessions.updateDamage(account, sessionKey, first.damageId, { grade: 4, damage_type: 'dent' }),
        sessionKey,
      );
      await expectAppError(changing.outcome, 'CONFLICT', CLOSED(sessionKey));
      const { stored, reported } = await storedAndReported(sessionKey);
      expect(stored).toEqual(reported);
      expect(stored).toEqual([{ damage_id: first.damageId, item: 'hood', damage_type: 'scratch', grade: 2 }]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'is taken back when it removed a record: the record the report shows is there again',
    async () => {
      const { sessionKey, first } = await sessionInReview();
      const removing = await completeReviewDuring('deleteManual', () => env.services.sessions.deleteDamage(account, sessionKey, first.damageId), sessionKey);
      await expectAppError(removing.outcome, 'CONFLICT', CLOSED(sessionKey));
      const { session, stored, reported } = await storedAndReported(sessionKey);
      expect(stored).toEqual(reported);
      expect(stored.map((damage) => damage.damage_id)).toEqual([first.damageId]);
      expect(session.damagesCount).toBe(1);
    },
    CASE_TIMEOUT_MS,
  );
});

describe('a damage write that lands after a reopened review was completed again without it', () => {
  /** The session reviewed, then reopened (docs/staff.md "Review revisions"): its damage records take changes again. */
  async function reopenedSession(): Promise<{ sessionKey: string; first: DamageRecord }> {
    const reviewed = await sessionInReview();
    await env.services.reviews.completeReview(account, reviewed.sessionKey, {}, REVIEWER);
    const reopened = await env.services.reviews.reopen(account, reviewed.sessionKey, { reason: 'Look again' }, REVIEWER);
    expect([reopened.status, reopened.reviewReopened?.reason]).toEqual(['COMPLETE', 'Look again']);
    return reviewed;
  }

  it(
    'is taken back when it added a record: revision 2 and the stored records agree',
    async () => {
      const { sessionKey, first } = await reopenedSession();
      const adding = await completeReviewDuring(
        'insert',
        () => env.services.sessions.addDamage(account, sessionKey, { item: 'roof', damage_type: 'dent', grade: 3 }, 'staff'),
        sessionKey,
      );
      await expectAppError(adding.outcome, 'CONFLICT', CLOSED(sessionKey));
      const { session, stored, reported } = await storedAndReported(sessionKey);
      expect(stored).toEqual(reported);
      expect(stored.map((damage) => damage.damage_id)).toEqual([first.damageId]);
      expect(session.damagesCount).toBe(1);
      expect([(session.results as { report: { revision: number } }).report.revision, session.reviewReopened]).toEqual([2, null]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'is taken back when it changed a record: the record is as revision 2 shows it',
    async () => {
      const { sessionKey, first } = await reopenedSession();
      const changing = await completeReviewDuring(
        'update',
        () => env.services.sessions.updateDamage(account, sessionKey, first.damageId, { grade: 4, damage_type: 'dent' }),
        sessionKey,
      );
      await expectAppError(changing.outcome, 'CONFLICT', CLOSED(sessionKey));
      const { stored, reported } = await storedAndReported(sessionKey);
      expect(stored).toEqual(reported);
      expect(stored).toEqual([{ damage_id: first.damageId, item: 'hood', damage_type: 'scratch', grade: 2 }]);
    },
    CASE_TIMEOUT_MS,
  );
});
