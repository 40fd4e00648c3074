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
    expect(session).toMatchObject({ status: 'IDLE', theme: 'LITE', expirationHours: 5, notesCount: 0 });
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(5 * HOUR_MS);
    expect(session.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect((await env.services.sessions.create(quick, {})).theme).toBe('PRO');
    expect(await env.events(session.key)).toEqual([]);
  });

  it('is found only by its own account', async () => {
    const session = await newSession();
    const other = await env.createAccount();
    await expectAppError(env.services.sessions.require(other, session.key), 'NOT_FOUND', `Session ${session.key} cannot be found.`);
    expect((await env.services.sessions.require(account, session.key)).key).toBe(session.key);
  });
});

describe('integrator notes', () => {
  it('are added in every status but EXPIRED, each recorded as SESSION:NOTE_INSERT by the account username', async () => {
    const session = await newSession();
    const accepted: SessionStatus[] = ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE'];
    for (const status of accepted) {
      await putInStatus(session.key, status);
      expect(await env.services.sessions.addNote(account, session.key, { title: status, description: NOTE.description })).toMatchObject({
        title: status,
        user: account.username,
      });
    }
    await putInStatus(session.key, 'EXPIRED');
    await expectAppError(env.services.sessions.addNote(account, session.key, NOTE), 'BAD_REQUEST', `Session ${session.key} has expired.`);

    expect((await env.session(session.key)).notesCount).toBe(accepted.length);
    const notes = await env.services.sessions.notes(account, session.key);
    expect(notes.map((note) => note.title)).toEqual(accepted);
    const events = await env.events(session.key);
    expect(events.map((event) => event.payload.title)).toEqual(accepted);
    const stored = await env.services.stores.notes.listForSession(account.apiKey, session.key);
    expect(events[0]?.payload).toEqual({
      session_key: session.key,
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
      Array.from({ length: 205 }, (_, index) => env.services.sessions.addNote(account, session.key, { title: `Note ${index}`, description: 'x' })),
    );
    const refused = results.filter((result) => result.status === 'rejected').map((result) => result.reason as unknown);
    expect(results.length - refused.length).toBe(200);
    expect(refused).toHaveLength(5);
    for (const reason of refused) {
      expect(reason).toMatchObject({ code: 'LIMIT_REACHED', message: `Session ${session.key} already has the maximum of 200 notes.` });
    }
    expect((await env.session(session.key)).notesCount).toBe(200);
    expect(await env.services.sessions.notes(account, session.key)).toHaveLength(200);
    expect(await env.events(session.key)).toHaveLength(200);
  });

  it('need a title and a description before any status or limit is looked at', async () => {
    const session = await newSession();
    await putInStatus(session.key, 'EXPIRED');
    await expectAppError(
      env.services.sessions.addNote(account, session.key, { title: '  ', description: 'x' }),
      'BAD_REQUEST',
      'title is required, at most 200 characters.',
    );
  });
});

describe('updates and deletion', () => {
  it('changes the theme only while IDLE and nothing once the session is COMPLETE or EXPIRED', async () => {
    const session = await newSession();
    expect((await env.services.sessions.update(account, session.key, { theme: 'PRO' })).theme).toBe('PRO');
    await env.services.capture.start(await env.session(session.key));
    await expectAppError(
      env.services.sessions.update(account, session.key, { theme: 'LITE' }),
      'BAD_REQUEST',
      'theme can only be changed while the session is IDLE; it is STARTED.',
    );
    expect((await env.services.sessions.update(account, session.key, { language: 'de' })).language).toBe('de');
    for (const status of ['COMPLETE', 'EXPIRED'] as const) {
      await putInStatus(session.key, status);
      await expectAppError(
        env.services.sessions.update(account, session.key, { language: 'fr' }),
        'BAD_REQUEST',
        `language can no longer be changed: the session is ${status}.`,
      );
    }
    expect((await env.session(session.key)).language).toBe('de');
  });

  it('deletes a session only while IDLE', async () => {
    const idle = await newSession();
    expect(await env.services.sessions.delete(account, idle.key)).toEqual({ message: `Session ${idle.key} has been successfully removed.` });
    expect(await env.services.sessions.findByKey(idle.key)).toBeNull();

    const started = await newSession();
    await env.services.capture.start(started);
    await expectAppError(env.services.sessions.delete(account, started.key), 'BAD_REQUEST', `Session ${started.key} has been started and cannot be deleted.`);
    expect(await env.services.sessions.findByKey(started.key)).not.toBeNull();
  });

  it('gives results only once the session is COMPLETE', async () => {
    const session = await newSession();
    await expectAppError(env.services.sessions.results(account, session.key), 'CONFLICT', 'Session is not yet completed.');
  });
});

describe('expiry by the sweeper', () => {
  it('expires sessions idle past their own account window once the clock passes it, records it, and then refuses notes', async () => {
    const quick = await env.createAccount({ expiration_hours: 1 });
    const overdue = await env.services.sessions.create(quick, { session: { theme: 'LITE' } });
    const lasting = await newSession(); // the default 72-hour window
    const started = await env.services.sessions.create(quick, { session: { theme: 'LITE' } });
    await env.services.capture.start(started);
    await env.captureScenes(started.key, (THEME_PHOTOS.LITE as number[]).slice(0, 1), 900);

    env.clock.advance(HOUR_MS - 60_000);
    await env.services.sweeper.runOnce();
    expect((await env.session(overdue.key)).status).toBe('IDLE');

    env.clock.advance(2 * 60_000);
    await env.services.sweeper.runOnce();
    expect((await env.session(overdue.key)).status).toBe('EXPIRED');
    expect((await env.session(started.key)).status).toBe('EXPIRED');
    expect((await env.session(lasting.key)).status).toBe('IDLE');
    expect((await env.events(overdue.key)).map((event) => event.payload)).toEqual([
      { session_key: overdue.key, event: 'SESSION:EXPIRED', status: 'EXPIRED', timestamp: expect.any(String) },
    ]);
    expect((await env.events(started.key)).map((event) => event.event).at(-1)).toBe('SESSION:EXPIRED');

    await expectAppError(env.services.sessions.addNote(quick, overdue.key, NOTE), 'BAD_REQUEST', `Session ${overdue.key} has expired.`);
    await expectAppError(
      env.services.sessions.update(quick, overdue.key, { language: 'de' }),
      'BAD_REQUEST',
      'language can no longer be changed: the session is EXPIRED.',
    );
  });
});
