// The integrator's session use case in process (no HTTP): a new session's window, notes (statuses, limit, event),
// updates and deletion by status, and expiry by the sweeper once the clock passes the account's window.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/domain/time.js';
import type { SessionStatus } from '../../src/domain/statuses.js';
import type { Account } from '../../src/domain/account.js';
import { THEME_PHOTOS } from '../support/capture-flow.js';
import { expectAppError, startInProcess, type InProcess } from '../support/in-process.js';

const HOUR_MS = 3_600_000;
const NOTE = { title: 'Dent', description: 'Rear bumper, left' };

let env: InProcess;
let account: Account;

beforeAll(async () => {
  env = await startInProcess();
  account = await env.createAccount();
});

afterEach(() => env.clock.reset());
afterAll(() => env?.close());

const newSession = () => env.services.sessions.create(account, { session: { theme: 'LITE' } });

/** Arranges a status straight in the store, for rules that only read it (the moves themselves: capture-service.test.ts). */
async function putInStatus(sessionKey: string, status: SessionStatus): Promise<void> {
  const current = await env.session(sessionKey);
  if (current.status === status) return;
  expect(await env.services.stores.sessions.updateIfStatus(sessionKey, [current.status], { status })).not.toBeNull();
}

describe('creating a session', () => {
  it('starts IDLE in the theme asked for, expiring after the account window counted from the clock, with no event', async () => {
    const quick = await env.createAccount({ expiration_hours: 5, default_theme: 'PRO' });
    env.clock.advance(10 * HOUR_MS);
    const before = env.clock.now().getTime();
    const session = await env.services.sessions.create(quick, { session: { theme: 'LITE' } });
    expect(session).toMatchObject({ status: 'IDLE', theme: 'LITE', expiration_hours: 5, notes_count: 0 });
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(5 * HOUR_MS);
    expect(session.created_at.getTime()).toBeGreaterThanOrEqual(before);
    expect((await env.services.sessions.create(quick, {})).theme).toBe('PRO');
    expect(await env.events(session._id)).toEqual([]);
  });

  it('is found only by its own account', async () => {
    const session = await newSession();
    const other = await env.createAccount();
    await expectAppError(env.services.sessions.require(other, session._id), 'NOT_FOUND', `Session ${session._id} cannot be found.`);
    expect((await env.services.sessions.require(account, session._id))._id).toBe(session._id);
  });
});

describe('integrator notes', () => {
  it('are added in every status but EXPIRED, each recorded as SESSION:NOTE_INSERT by the account username', async () => {
    const session = await newSession();
    const accepted: SessionStatus[] = ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE'];
    for (const status of accepted) {
      await putInStatus(session._id, status);
      expect(await env.services.sessions.addNote(account, session._id, { title: status, description: NOTE.description })).toMatchObject({
        title: status,
        user: account.username,
      });
    }
    await putInStatus(session._id, 'EXPIRED');
    await expectAppError(env.services.sessions.addNote(account, session._id, NOTE), 'BAD_REQUEST', `Session ${session._id} has expired.`);

    expect((await env.session(session._id)).notes_count).toBe(accepted.length);
    const notes = await env.services.sessions.notes(account, session._id);
    expect(notes.map((note) => note.title)).toEqual(accepted);
    const events = await env.events(session._id);
    expect(events.map((event) => event.payload.title)).toEqual(accepted);
    const stored = await env.services.stores.notes.listForSession(account.apiKey, session._id);
    expect(events[0]?.payload).toEqual({
      session_key: session._id,
      event: 'SESSION:NOTE_INSERT',
      timestamp: isoTimestamp(stored[0]?.createdAt as Date),
      title: 'IDLE',
      description: NOTE.description,
      user: account.username,
    });
  });

  it('are refused past 200 per session, even when sent all at once, and the refused ones leave no trace', async () => {
    const session = await newSession();
    const results = await Promise.allSettled(
      Array.from({ length: 205 }, (_, index) => env.services.sessions.addNote(account, session._id, { title: `Note ${index}`, description: 'x' })),
    );
    const refused = results.filter((result) => result.status === 'rejected').map((result) => result.reason as unknown);
    expect(results.length - refused.length).toBe(200);
    expect(refused).toHaveLength(5);
    for (const reason of refused) {
      expect(reason).toMatchObject({ code: 'LIMIT_REACHED', message: `Session ${session._id} already has the maximum of 200 notes.` });
    }
    expect((await env.session(session._id)).notes_count).toBe(200);
    expect(await env.services.sessions.notes(account, session._id)).toHaveLength(200);
    expect(await env.events(session._id)).toHaveLength(200);
  });

  it('need a title and a description before any status or limit is looked at', async () => {
    const session = await newSession();
    await putInStatus(session._id, 'EXPIRED');
    await expectAppError(
      env.services.sessions.addNote(account, session._id, { title: '  ', description: 'x' }),
      'BAD_REQUEST',
      'title is required, at most 200 characters.',
    );
  });
});

describe('updates and deletion', () => {
  it('changes the theme only while IDLE and nothing once the session is COMPLETE or EXPIRED', async () => {
    const session = await newSession();
    expect((await env.services.sessions.update(account, session._id, { theme: 'PRO' })).theme).toBe('PRO');
    await env.services.capture.start(await env.session(session._id));
    await expectAppError(
      env.services.sessions.update(account, session._id, { theme: 'LITE' }),
      'BAD_REQUEST',
      'theme can only be changed while the session is IDLE; it is STARTED.',
    );
    expect((await env.services.sessions.update(account, session._id, { language: 'de' })).language).toBe('de');
    for (const status of ['COMPLETE', 'EXPIRED'] as const) {
      await putInStatus(session._id, status);
      await expectAppError(
        env.services.sessions.update(account, session._id, { language: 'fr' }),
        'BAD_REQUEST',
        `language can no longer be changed: the session is ${status}.`,
      );
    }
    expect((await env.session(session._id)).language).toBe('de');
  });

  it('deletes a session only while IDLE', async () => {
    const idle = await newSession();
    expect(await env.services.sessions.delete(account, idle._id)).toEqual({ message: `Session ${idle._id} has been successfully removed.` });
    expect(await env.services.sessions.findByKey(idle._id)).toBeNull();

    const started = await newSession();
    await env.services.capture.start(started);
    await expectAppError(env.services.sessions.delete(account, started._id), 'BAD_REQUEST', `Session ${started._id} has been started and cannot be deleted.`);
    expect(await env.services.sessions.findByKey(started._id)).not.toBeNull();
  });

  it('gives results only once the session is COMPLETE', async () => {
    const session = await newSession();
    await expectAppError(env.services.sessions.results(account, session._id), 'CONFLICT', 'Session is not yet completed.');
  });
});

describe('expiry by the sweeper', () => {
  it('expires sessions idle past their own account window once the clock passes it, records it, and then refuses notes', async () => {
    const quick = await env.createAccount({ expiration_hours: 1 });
    const overdue = await env.services.sessions.create(quick, { session: { theme: 'LITE' } });
    const lasting = await newSession(); // the default 72-hour window
    const started = await env.services.sessions.create(quick, { session: { theme: 'LITE' } });
    await env.services.capture.start(started);
    await env.captureScenes(started._id, (THEME_PHOTOS.LITE as number[]).slice(0, 1), 900);

    env.clock.advance(HOUR_MS - 60_000);
    await env.services.sweeper.runOnce();
    expect((await env.session(overdue._id)).status).toBe('IDLE');

    env.clock.advance(2 * 60_000);
    await env.services.sweeper.runOnce();
    expect((await env.session(overdue._id)).status).toBe('EXPIRED');
    expect((await env.session(started._id)).status).toBe('EXPIRED');
    expect((await env.session(lasting._id)).status).toBe('IDLE');
    expect((await env.events(overdue._id)).map((event) => event.payload)).toEqual([
      { session_key: overdue._id, event: 'SESSION:EXPIRED', status: 'EXPIRED', timestamp: expect.any(String) },
    ]);
    expect((await env.events(started._id)).map((event) => event.event).at(-1)).toBe('SESSION:EXPIRED');

    await expectAppError(env.services.sessions.addNote(quick, overdue._id, NOTE), 'BAD_REQUEST', `Session ${overdue._id} has expired.`);
    await expectAppError(
      env.services.sessions.update(quick, overdue._id, { language: 'de' }),
      'BAD_REQUEST',
      'language can no longer be changed: the session is EXPIRED.',
    );
  });
});
