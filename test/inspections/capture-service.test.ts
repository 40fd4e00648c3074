// The capture use case in process (no HTTP): status moves as photos pass quality control, the events each step records,
// expiry by the clock, guest notes, and the QC_PASSED rule for a photo whose check ends after the session got there.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/domain/time.js';
import type { Account } from '../../src/domain/account.js';
import { THEME_PHOTOS } from '../support/capture-flow.js';
import { makeBlurred, makeScene } from '../support/images.js';
import { expectAppError, startInProcess, type InProcess } from '../support/in-process.js';

const LITE = THEME_PHOTOS.LITE as number[];
const HOUR_MS = 3_600_000;

let env: InProcess;
let account: Account;

beforeAll(async () => {
  env = await startInProcess();
  account = await env.createAccount();
});

afterEach(() => env.clock.reset());
afterAll(() => env?.close());

async function startedSession(owner = account): Promise<string> {
  const created = await env.services.sessions.create(owner, { session: { theme: 'LITE' } });
  await env.services.capture.start(created);
  return created.key;
}

const statusOf = async (sessionKey: string) => (await env.session(sessionKey)).status;

describe('a LITE session from start to COMPLETE', () => {
  it('moves IDLE → STARTED → PROCESS → QC_PASSED → COMPLETE and records each step, in order, stamped by the clock', async () => {
    env.clock.advance(24 * HOUR_MS);
    const created = await env.services.sessions.create(account, { session: { theme: 'LITE' } });
    const sessionKey = created.key;
    expect(created.status).toBe('IDLE');

    expect((await env.services.capture.start(created)).status).toBe('STARTED');
    const statuses: string[] = [];
    for (const code of LITE) {
      await env.captureScenes(sessionKey, [code], 100);
      statuses.push(await statusOf(sessionKey));
    }
    expect(statuses).toEqual(['PROCESS', 'PROCESS', 'PROCESS', 'PROCESS', 'PROCESS', 'QC_PASSED']);
    const completed = await env.services.capture.confirm(await env.session(sessionKey));
    expect(completed.status).toBe('COMPLETE');

    const events = await env.events(sessionKey);
    expect(
      events.map((event) =>
        event.event === 'SESSION:STAGE_CHANGE' ? `STAGE ${event.payload.photo_code}` : `${event.event} ${event.payload.status ?? ''}`.trim(),
      ),
    ).toEqual([
      'SESSION:STATUS_CHANGE STARTED',
      'SESSION:STATUS_CHANGE PROCESS',
      ...LITE.map((code) => `STAGE ${code}`),
      'SESSION:STATUS_CHANGE QC_PASSED',
      'SESSION:STATUS_CHANGE CONFIRM',
      'SESSION:COMPLETE',
    ]);

    const stored = await env.session(sessionKey);
    const [started, , firstStage] = events;
    expect(started?.payload).toEqual({
      session_key: sessionKey,
      event: 'SESSION:STATUS_CHANGE',
      status: 'STARTED',
      timestamp: isoTimestamp(stored.inspectStartedAt as Date),
    });
    const firstCapture = (await env.services.sessions.capturesOf(stored))[0];
    expect(firstStage?.payload).toEqual({
      session_key: sessionKey,
      event: 'SESSION:STAGE_CHANGE',
      photo_code: 1,
      photo_label: firstCapture?.photoLabel,
      photo_url: env.services.urls.photoUrl(firstCapture?.urlToken as string),
      photo_status: 'accepted',
      message: '',
      timestamp: isoTimestamp(firstCapture?.createdAt as Date),
    });
    expect(events.find((event) => event.payload.status === 'CONFIRM')?.payload.timestamp).toBe(isoTimestamp(stored.inspectEndedAt as Date));
    expect(events.at(-1)?.payload).toMatchObject({ event: 'SESSION:COMPLETE', session: { session_key: sessionKey, status: 'COMPLETE' } });
    // Every time is the TestClock's, a day ahead of the wall clock.
    for (const event of events) {
      expect(event.createdAt.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
      if (event.event !== 'SESSION:COMPLETE') expect(Date.parse(event.payload.timestamp as string)).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
    }
  });
});

describe('photos', () => {
  it('does not count a rejected photo: the session stays in PROCESS until the view is retaken and accepted', async () => {
    const sessionKey = await startedSession();
    await env.captureScenes(sessionKey, LITE.slice(0, -1), 200);
    const lastCode = LITE.at(-1) as number;

    const rejected = await env.capturePhoto(sessionKey, lastCode, await makeBlurred({ seed: 200 + lastCode }));
    expect(rejected).toMatchObject({ approved: false, rejectionCode: 'BLURRY' });
    expect(await statusOf(sessionKey)).toBe('PROCESS');
    const stage = (await env.events(sessionKey)).at(-1);
    expect(stage?.payload).toMatchObject({ event: 'SESSION:STAGE_CHANGE', photo_code: lastCode, photo_status: 'rejected', message: rejected.reason });
    expect(stage?.payload.message).not.toBe('');

    await env.captureScenes(sessionKey, [lastCode], 250);
    expect(await statusOf(sessionKey)).toBe('QC_PASSED');
  });

  it('refuses a photo before the capture is started and a code outside the theme, storing and recording nothing', async () => {
    const idle = await env.services.sessions.create(account, { session: { theme: 'LITE' } });
    const bytes = await makeScene({ seed: 300 });
    await expectAppError(
      env.capturePhoto(idle.key, 1, bytes),
      'BAD_REQUEST',
      `Start the capture of session ${idle.key} before sending photos.`,
      'INVALID_STATUS',
    );
    await env.services.capture.start(idle);
    await expectAppError(
      env.capturePhoto(idle.key, 3, bytes),
      'BAD_REQUEST',
      `Photo code 3 is not part of theme LITE; use one of ${LITE.join(', ')}.`,
      'UNKNOWN_PHOTO_CODE',
    );

    const stored = await env.session(idle.key);
    expect(stored.status).toBe('STARTED');
    expect(await env.services.sessions.capturesOf(stored)).toEqual([]);
    expect((await env.events(idle.key)).map((event) => event.payload.status)).toEqual(['STARTED']);
  });

  it('refuses to confirm a session whose photos have not all passed quality control', async () => {
    const sessionKey = await startedSession();
    await expectAppError(
      env.services.capture.confirm(await env.session(sessionKey)),
      'BAD_REQUEST',
      `Only a session whose photos all passed quality control can be confirmed; session ${sessionKey} is STARTED.`,
      'INVALID_STATUS',
    );
    expect(await statusOf(sessionKey)).toBe('STARTED');
  });

  it('judges a rejected retake whose quality control ends after the session reached QC_PASSED by the QC_PASSED rule', async () => {
    const sessionKey = await startedSession();
    const [first, ...rest] = LITE;
    const retakenCode = first as number;
    const lastCode = rest.pop() as number;
    await env.captureScenes(sessionKey, [retakenCode, ...rest], 400);
    const acceptedCapture = (await env.session(sessionKey)).photos[retakenCode]?.captureId;

    // The retake passes the status check in PROCESS and waits at quality control while the last photo completes the set.
    const gate = env.gateQualityControl();
    const retakeBytes = await makeBlurred({ seed: 450 });
    let retake: Promise<unknown> = Promise.resolve();
    try {
      const held = gate.hold(retakeBytes);
      retake = env.capturePhoto(sessionKey, retakenCode, retakeBytes);
      await held.arrived;
      await env.captureScenes(sessionKey, [lastCode], 400);
      expect(await statusOf(sessionKey)).toBe('QC_PASSED');
      held.release();
      expect(await retake).toMatchObject({ approved: false, rejectionCode: 'BLURRY' });
    } finally {
      gate.remove();
      await retake.catch(() => undefined);
    }

    // Recorded, but the accepted photo keeps its place and the status stays.
    const stored = await env.session(sessionKey);
    expect(stored.status).toBe('QC_PASSED');
    expect(stored.photos[retakenCode]).toMatchObject({ captureId: acceptedCapture, approved: true });
    const captures = (await env.services.sessions.capturesOf(stored)).filter((capture) => capture.photoCode === retakenCode);
    expect(captures.map((capture) => capture.approved)).toEqual([true, false]);
  });

  it('refuses a photo still in quality control when the session is confirmed, and keeps nothing of it', async () => {
    const sessionKey = await startedSession();
    await env.captureScenes(sessionKey, LITE, 500);
    const gate = env.gateQualityControl();
    const lateBytes = await makeScene({ seed: 550 });
    let late: Promise<unknown> = Promise.resolve();
    try {
      const held = gate.hold(lateBytes);
      late = env.capturePhoto(sessionKey, 2, lateBytes);
      await held.arrived;
      expect((await env.services.capture.confirm(await env.session(sessionKey))).status).toBe('COMPLETE');
      held.release();
      await expectAppError(late, 'BAD_REQUEST', `Session ${sessionKey} is COMPLETE and no longer accepts photos.`, 'INVALID_STATUS');
    } finally {
      gate.remove();
      await late.catch(() => undefined);
    }
    const captures = await env.services.sessions.capturesOf(await env.session(sessionKey));
    expect(captures.filter((capture) => capture.photoCode === 2)).toHaveLength(1);
    expect((await env.events(sessionKey)).filter((event) => event.event === 'SESSION:STAGE_CHANGE')).toHaveLength(LITE.length);
  });
});

describe('expiry by the clock', () => {
  it('expires a started session idle past its account window on its next request, records it, and refuses further work', async () => {
    const quick = await env.createAccount({ expiration_hours: 1 });
    const sessionKey = await startedSession(quick);
    env.clock.advance(HOUR_MS + 1_000);
    await expectAppError(
      env.capturePhoto(sessionKey, 1, await makeScene({ seed: 600 })),
      'BAD_REQUEST',
      `Session ${sessionKey} has expired.`,
      'SESSION_EXPIRED',
    );
    env.clock.reset();
    // The clock going back does not revive it.
    expect(await statusOf(sessionKey)).toBe('EXPIRED');
    const events = await env.events(sessionKey);
    expect(events.map((event) => event.event)).toEqual(['SESSION:STATUS_CHANGE', 'SESSION:EXPIRED']);
    expect(events[1]?.payload).toMatchObject({ session_key: sessionKey, status: 'EXPIRED' });
    const expired = await env.session(sessionKey);
    await expectAppError(env.services.capture.start(expired), 'BAD_REQUEST', `Session ${sessionKey} has expired.`, 'SESSION_EXPIRED');
    await expectAppError(
      env.services.capture.addGuestNote(expired, { title: 't', description: 'd' }),
      'BAD_REQUEST',
      `Session ${sessionKey} has expired.`,
      'SESSION_EXPIRED',
    );
  });

  it('moves the idle deadline with each photo, so a session in use does not expire', async () => {
    const quick = await env.createAccount({ expiration_hours: 1 });
    const sessionKey = await startedSession(quick);
    // A photo every 50 minutes: each is within an hour of the one before, the last 150 minutes after the start.
    for (const code of LITE.slice(0, 3)) {
      env.clock.advance(50 * 60_000);
      await env.captureScenes(sessionKey, [code], 700);
    }
    const stored = await env.session(sessionKey);
    expect(stored.status).toBe('PROCESS');
    const latest = (await env.services.sessions.capturesOf(stored)).at(-1)!;
    expect(stored.expiresAt.getTime()).toBe(latest.createdAt.getTime() + HOUR_MS);
  });
});

describe('guest notes', () => {
  it('are refused before the capture starts and taken once it has, as user "guest", with their event', async () => {
    const idle = await env.services.sessions.create(account, { session: { theme: 'LITE' } });
    const note = { title: 'Scratch', description: 'Left door' };
    await expectAppError(
      env.services.capture.addGuestNote(idle, note),
      'BAD_REQUEST',
      `Start the capture of session ${idle.key} before adding notes.`,
      'INVALID_STATUS',
    );
    const started = await env.services.capture.start(idle);
    expect(await env.services.capture.addGuestNote(started, note)).toMatchObject({ ...note, user: 'guest' });
    expect((await env.events(idle.key)).at(-1)?.payload).toMatchObject({ event: 'SESSION:NOTE_INSERT', user: 'guest', ...note });
  });

  it('are refused once the session is complete: the capture link is read-only', async () => {
    const sessionKey = await startedSession();
    await env.captureScenes(sessionKey, LITE, 800);
    const complete = await env.services.capture.confirm(await env.session(sessionKey));
    await expectAppError(
      env.services.capture.addGuestNote(complete, { title: 'Late', description: 'After the report' }),
      'FORBIDDEN',
      `Session ${sessionKey} is complete: its capture link can show the inspection and its report but change nothing.`,
      'READ_ONLY',
    );
    expect((await env.session(sessionKey)).notesCount).toBe(0);
  });
});
