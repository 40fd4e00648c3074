// A whole PRO capture ending in racing confirmations, watched by a graphql-ws and an SSE subscriber; a CAPT report
// without inspection, and idle expiry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, sseEventRecorder, uploadPhoto, wsEventRecorder, type EventRecorder, type RecordedEvent } from '../support/graphql.js';
import { makeDark, makeScene } from '../support/images.js';
import { gateQualityControl } from '../support/qc-gate.js';
import { TestClock } from '../support/clock.js';

const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
/** Subscribers still open if a test failed before closing them. */
const recorders: EventRecorder[] = [];
// Signed at the service's time, which the expiry tests move ahead.
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) =>
  apiRequest(server.baseUrl, who, method, path, body, signRequestHeaders(who, clock.now()));

beforeAll(async () => {
  server = await startTestServer({ EXPIRY_SWEEP_INTERVAL_MS: '200' }, { clock: clock.now });
  account = await server.createAccount();
});
afterAll(async () => {
  for (const recorder of recorders) await recorder.close();
  await server.stop();
});

async function createAndStart(theme: string): Promise<{ sessionKey: string; captureToken: string }> {
  const created = await api('POST', '/v1/sessions', { session: { theme } });
  const sessionKey = created.body.session_key as string;
  const captureToken = (created.body.capture_url as string).split('#')[1] as string;
  const started = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
    k: sessionKey,
  });
  expect(started.data.startCapture.status).toBe('STARTED');
  return { sessionKey, captureToken };
}

async function captureAll(sessionKey: string, captureToken: string, codes: number[], seedBase: number) {
  // Two uploads at a time, as a phone with a good connection would.
  for (let index = 0; index < codes.length; index += 2) {
    const batch = codes.slice(index, index + 2);
    const results = await Promise.all(
      batch.map(async (code) => uploadPhoto(server.baseUrl, { captureToken }, sessionKey, code, await makeScene({ seed: seedBase + code }))),
    );
    for (const result of results) expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
}

describe('PRO capture with racing confirmations', () => {
  it('accepts all 13 photos, then exactly one of five concurrent confirms moves the session; both subscribers see it', async () => {
    const { sessionKey, captureToken } = await createAndStart('PRO');
    // graphql-ws with the account's headers, SSE with the capture token: two transports, two scopes, one stream.
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey });
    const sse = sseEventRecorder(server.baseUrl, { captureToken }, { sessionKey });
    recorders.push(watcher, sse);
    await Promise.all([watcher.ready, sse.ready]);
    await captureAll(sessionKey, captureToken, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 200);
    expect((await api('GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');

    const confirm = 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }';
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, index) => graphqlRequest(server.baseUrl, index % 2 ? { captureToken } : { account }, confirm, { k: sessionKey })),
    );
    // Confirming is idempotent: the others get the session as it is (CONFIRM or COMPLETE) — except a capture-token
    // call arriving after completion, which finds the link read-only (docs/limits.md). One move, one report.
    const answered = outcomes.filter((outcome) => !outcome.errors);
    expect(answered.map((outcome) => outcome.data.confirmInspection.status)).toContain('COMPLETE');
    for (const outcome of answered) expect(['CONFIRM', 'COMPLETE']).toContain(outcome.data.confirmInspection.status);
    for (const refused of outcomes.filter((outcome) => outcome.errors))
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'READ_ONLY' });

    // A note after the confirmations marks the end: events are delivered in log order, so a duplicate caused by
    // the racing confirmations would arrive before it. The capture-token subscriber never sees integrator notes.
    await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: 'end', description: 'end of the race' });
    const sawMarker = (events: RecordedEvent[]) => events.some((event) => event.event === 'SESSION:NOTE_INSERT');
    const sawComplete = (events: RecordedEvent[]) => events.some((event) => event.event === 'SESSION:COMPLETE');
    await Promise.all([watcher.waitFor(sawMarker), sse.waitFor(sawComplete)]);
    recorders.splice(recorders.indexOf(watcher), 2);
    await watcher.close();
    await sse.close();
    expect(watcher.errors).toEqual([]);
    expect(sse.errors).toEqual([]);
    expect(watcher.events.at(-1)?.event).toBe('SESSION:NOTE_INSERT');
    const logged = watcher.events.slice(0, -1);

    const moves = logged.filter((event) => event.event === 'SESSION:STATUS_CHANGE').map((event) => event.payload.status);
    expect(moves).toEqual(['PROCESS', 'QC_PASSED', 'CONFIRM']);
    expect(logged.filter((event) => event.event === 'SESSION:COMPLETE')).toHaveLength(1);
    const stages = logged.filter((event) => event.event === 'SESSION:STAGE_CHANGE');
    expect(stages).toHaveLength(13);
    expect(stages.map((event) => event.payload.photo_code).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(stages.every((event) => event.payload.photo_status === 'accepted')).toBe(true);
    // PROCESS, 13 photos, QC_PASSED, CONFIRM, COMPLETE: nothing else, nothing twice, in log order, last one COMPLETE.
    expect(logged).toHaveLength(17);
    expect(logged.at(-1)?.event).toBe('SESSION:COMPLETE');
    expect(new Set(logged.map((event) => event.id)).size).toBe(logged.length);
    const ids = logged.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const event of logged) {
      expect(event.sessionKey).toBe(sessionKey);
      expect(event.payload.event).toBe(event.event);
    }

    // The SSE subscriber (capture token) recorded the same events, in the same order, with the same ids and
    // payloads — but SESSION:COMPLETE without the results, which are the integrator's (docs/limits.md).
    const completeId = logged.at(-1)?.id;
    expect(sse.events.slice(0, -1)).toEqual(logged.slice(0, -1));
    expect(sse.events.at(-1)).toMatchObject({
      id: completeId,
      event: 'SESSION:COMPLETE',
      payload: { session_key: sessionKey, event: 'SESSION:COMPLETE', status: 'COMPLETE' },
    });

    const results = await api('GET', `/v1/sessions/${sessionKey}/results`);
    expect(results.status).toBe(200);
    const wsComplete = logged.find((event) => event.event === 'SESSION:COMPLETE') as RecordedEvent;
    expect(results.body).toEqual(wsComplete.payload);
    expect(results.body.session).toMatchObject({ session_key: sessionKey, theme: 'PRO', status: 'COMPLETE' });
    expect(results.body.photos).toHaveLength(13);
    expect(results.body.photos.every((photo: { approved: boolean }) => photo.approved)).toBe(true);
    // Nobody reviewed it, nothing was accepted and no detector ran: no condition is claimed (docs/staff.md).
    expect(results.body.inspection).toEqual({
      assessment: 'NOT_ASSESSED',
      total_damages: 0,
      grade: null,
      max_grade_per_item: {},
      reviewed_by: null,
      reviewed_at: null,
      damages: [],
    });
  }, 120_000);

  it('produces no damage inspection for CAPT', async () => {
    const { sessionKey, captureToken } = await createAndStart('CAPT');
    await captureAll(sessionKey, captureToken, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 400);
    const confirmed = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: sessionKey,
    });
    expect(confirmed.data.confirmInspection.status).toBe('COMPLETE');
    const results = await api('GET', `/v1/sessions/${sessionKey}/results`);
    expect(results.body.inspection).toBeNull();
    expect(results.body.session.theme).toBe('CAPT');
  }, 120_000);

  /** The capture ids standing for each view in the completed results, read through the photo URLs. */
  async function resultPhotoUrl(sessionKey: string, captureToken: string, code: number): Promise<string> {
    const confirmed = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: sessionKey,
    });
    expect(confirmed.data.confirmInspection.status).toBe('COMPLETE');
    const results = await api('GET', `/v1/sessions/${sessionKey}/results`);
    return results.body.photos.find((photo: { photo_code: number }) => photo.photo_code === code).url as string;
  }

  it('takes retakes in QC_PASSED (an accepted one replaces the photo, a rejected one leaves it, the status stays) until confirmation', async () => {
    const { sessionKey, captureToken } = await createAndStart('LITE');
    await captureAll(sessionKey, captureToken, [1, 2, 4, 5, 7, 8], 700);
    expect((await api('GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');

    const better = await uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 4, await makeScene({ seed: 750 }));
    expect(better.body.data.capturePhoto).toMatchObject({ approved: true });
    const worse = await uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 4, await makeDark({ seed: 751 }));
    expect(worse.body.data.capturePhoto).toMatchObject({ approved: false, rejectionCode: 'TOO_DARK' });

    expect((await api('GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');
    const photos = (await api('GET', `/v1/sessions/${sessionKey}/photos`)).body.filter((photo: { photo_code: number }) => photo.photo_code === 4);
    expect(photos.map((photo: { approved: boolean }) => photo.approved)).toEqual([true, true, false]);

    // A retake still in quality control when the inspection is confirmed is refused, and nothing of it is kept.
    const lateBytes = await makeScene({ seed: 752 });
    const gate = gateQualityControl(server.app);
    try {
      const held = gate.hold(lateBytes);
      const late = uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 1, lateBytes);
      await held.arrived;
      // The results name the accepted retake: neither the first photo nor the rejected one after it.
      expect(await resultPhotoUrl(sessionKey, captureToken, 4)).toBe(better.body.data.capturePhoto.url);
      held.release();
      expect((await late).body.errors?.[0]?.extensions).toMatchObject({ reason: 'INVALID_STATUS' });
    } finally {
      gate.remove();
    }
    const firstPhotos = (await api('GET', `/v1/sessions/${sessionKey}/photos`)).body.filter((photo: { photo_code: number }) => photo.photo_code === 1);
    expect(firstPhotos).toHaveLength(1);
  }, 120_000);

  it('judges a retake whose quality control ends after the session reached QC_PASSED by the QC_PASSED rule', async () => {
    const { sessionKey, captureToken } = await createAndStart('LITE');
    await captureAll(sessionKey, captureToken, [1, 2, 4, 5, 7], 600);
    // A rejected retake of photo 2 passes the status check while PROCESS and is held in quality control; meanwhile the
    // last required photo moves the session to QC_PASSED. The retake is then recorded without replacing photo 2.
    const retakeBytes = await makeDark({ seed: 650 });
    const gate = gateQualityControl(server.app);
    try {
      const held = gate.hold(retakeBytes);
      const retake = uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 2, retakeBytes);
      await held.arrived;
      const last = await uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 8, await makeScene({ seed: 608 }));
      expect(last.body.data?.capturePhoto?.approved).toBe(true);
      expect((await api('GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');
      held.release();
      expect((await retake).body.data.capturePhoto).toMatchObject({ approved: false, rejectionCode: 'TOO_DARK' });
    } finally {
      gate.remove();
    }
    expect((await api('GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');
    const photos = (await api('GET', `/v1/sessions/${sessionKey}/photos`)).body.filter((photo: { photo_code: number }) => photo.photo_code === 2);
    expect(photos.map((photo: { approved: boolean }) => photo.approved)).toEqual([true, false]);
    expect(await resultPhotoUrl(sessionKey, captureToken, 2)).toBe(photos[0].url);
  }, 120_000);
});

describe('expiry', () => {
  const HOUR_MS = 3_600_000;
  afterEach(() => clock.reset());

  it('expires idle sessions past the account window, publishes it, and refuses further work', async () => {
    const quick = await server.createAccount(undefined, { expiration_hours: 1 });
    const created = await api('POST', '/v1/sessions', { session: { theme: 'LITE' } }, quick);
    const sessionKey = created.body.session_key as string;
    const captureToken = (created.body.capture_url as string).split('#')[1] as string;
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(quick));
    recorders.push(watcher);
    await watcher.ready;
    await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });

    clock.advance(HOUR_MS + 1_000);
    await watcher.waitFor((events) => events.some((event) => event.event === 'SESSION:EXPIRED'), 15_000);
    const expired = watcher.events.find((event) => event.event === 'SESSION:EXPIRED');
    expect(expired?.payload).toMatchObject({ session_key: sessionKey, event: 'SESSION:EXPIRED', status: 'EXPIRED' });
    expect((await api('GET', `/v1/sessions/${sessionKey}`, undefined, quick)).body).toMatchObject({ status: 'EXPIRED', active: false });

    const late = await uploadPhoto(server.baseUrl, { captureToken }, sessionKey, 1, await makeScene({ seed: 1 }));
    expect(late.body.errors?.[0]?.extensions).toMatchObject({ reason: 'SESSION_EXPIRED' });
    expect((await api('PUT', `/v1/sessions/${sessionKey}`, { language: 'de' }, quick)).status).toBe(400);
  }, 30_000);

  it('leaves sessions of accounts with a longer window alone', async () => {
    const quick = await server.createAccount(undefined, { expiration_hours: 1 });
    const lasting = await api('POST', '/v1/sessions', { session: { theme: 'LITE' } }); // the default 72 h window
    const overdue = await api('POST', '/v1/sessions', { session: { theme: 'LITE' } }, quick);
    clock.advance(2 * HOUR_MS);
    // Once the quick account's session has expired, a sweep has run with the clock 2 h ahead.
    await expect
      .poll(async () => (await api('GET', `/v1/sessions/${overdue.body.session_key}`, undefined, quick)).body.status, { timeout: 15_000 })
      .toBe('EXPIRED');
    expect((await api('GET', `/v1/sessions/${lasting.body.session_key}`)).body.status).toBe('IDLE');
  });
});
