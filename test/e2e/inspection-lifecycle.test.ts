// A whole LITE inspection through REST and GraphQL with real images, watched by a graphql-ws subscriber
// (account scope) and an SSE subscriber (capture scope): statuses, QC verdicts, payloads, results, replay.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, sseEventRecorder, uploadPhoto, wsEventRecorder, type EventRecorder, type RecordedEvent } from '../support/graphql.js';
import { makeBlurred, makeDark, makeNonImage, makeScene, makeTiny } from '../support/images.js';

const SPEC_FIELDS: Record<string, string[]> = {
  'SESSION:SMS_PROCESS': ['session_key', 'event', 'name', 'phone', 'status', 'message', 'timestamp'],
  'SESSION:STAGE_CHANGE': ['session_key', 'event', 'photo_code', 'photo_label', 'photo_url', 'photo_status', 'message', 'timestamp'],
  'SESSION:STATUS_CHANGE': ['session_key', 'event', 'status', 'timestamp'],
  'SESSION:NOTE_INSERT': ['session_key', 'event', 'timestamp', 'title', 'description', 'user'],
};
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let sessionKey: string;
let captureToken: string;
let accountEvents: EventRecorder;
let captureEvents: EventRecorder;
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) => apiRequest(server.baseUrl, who, method, path, body);
const asCapture = () => ({ captureToken });

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  other = await server.createAccount();
});
afterAll(async () => {
  await accountEvents?.close();
  await captureEvents?.close();
  await server.stop();
});

describe('a LITE inspection from creation to results', () => {
  it('creates the session through POST /v1/sessions with a body', async () => {
    accountEvents = wsEventRecorder(server.baseUrl, signRequestHeaders(account));
    await accountEvents.ready;
    const created = await api('POST', '/v1/sessions', {
      session: { theme: 'LITE', language: 'en', client_id: 'dealer-7', reference: { claim: 'C-1' }, contact: { email: 'pat@example.com' } },
      vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord', odom_reading: 42000, odom_unit: 'km' },
      sms: { to: '+15555550123', to_name: 'Pat' },
    });
    expect(created.status).toBe(200);
    const body = created.body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'active',
        'capture_url',
        'created_at',
        'inspect_ended_at',
        'inspect_started_at',
        'language',
        'options',
        'redirect_url',
        'review',
        'session_key',
        'status',
        'test',
        'theme',
        'updated_at',
        'vehicle',
      ].sort(),
    );
    expect(body).toMatchObject({ theme: 'LITE', status: 'IDLE', active: true, test: false, language: 'en', inspect_started_at: null });
    expect(body.session_key).toMatch(/^[A-Z]{3}-[A-Z0-9]{10}$/);
    expect(body.options).toEqual({
      client_id: 'dealer-7',
      sms: { to: '+15555550123', to_name: 'Pat', from: null, by: null },
      email: null,
      contact: { email: 'pat@example.com' },
      reference: { claim: 'C-1' },
    });
    expect(body.vehicle).toMatchObject({ vin: '1HGCM82633A004352', year: 2019, make: 'Honda', body_type: 'Coupe', odom_reading: 42000 });
    // The given year contradicts the VIN's (2003): the decode fills only what was left empty and flags the difference.
    expect(body.vehicle.details_match).toBe(false);
    expect(body.vehicle).toMatchObject({ odom_captured: null, odom_match: null });
    const match = new RegExp(`^${server.baseUrl}/capture/${body.session_key}#([A-Za-z0-9_-]{22,})$`).exec(body.capture_url);
    expect(match).not.toBeNull();
    sessionKey = body.session_key;
    captureToken = match?.[1] as string;
    expect((await api('GET', `/v1/sessions/${sessionKey}`)).body).toEqual(body);
  });

  it('emitted SESSION:SMS_PROCESS for the invitation', async () => {
    await accountEvents.waitFor((events) => events.some((event) => event.event === 'SESSION:SMS_PROCESS'));
    const sms = accountEvents.events.find((event) => event.event === 'SESSION:SMS_PROCESS') as RecordedEvent;
    expect(Object.keys(sms.payload)).toEqual(SPEC_FIELDS['SESSION:SMS_PROCESS']);
    expect(sms.payload).toMatchObject({ session_key: sessionKey, phone: '+15555550123', name: 'Pat', status: 'success', message: '' });
  });

  it('rejects invalid create bodies with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ session: { theme: 'XL' } }, 'theme'],
      [{ vehicle: { year: 1700 } }, 'vehicle.year'],
      [{ sms: { to: 'call me' } }, 'sms.to'],
      [{ surprise: 1 }, 'surprise'],
    ];
    for (const [body, field] of cases) {
      const result = await api('POST', '/v1/sessions', body);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain(field);
    }
  });

  it('updates the theme while IDLE and refuses photos before start', async () => {
    expect((await api('PUT', `/v1/sessions/${sessionKey}`, { theme: 'PRO' })).body.theme).toBe('PRO');
    expect((await api('PUT', `/v1/sessions/${sessionKey}`, { theme: 'LITE', vehicle: { ext_col: 'Blue' } })).body).toMatchObject({
      theme: 'LITE',
      vehicle: { ext_col: 'Blue', make: 'Honda' },
    });
    const early = await uploadPhoto(server.baseUrl, asCapture(), sessionKey, 1, await makeScene({ seed: 1 }));
    expect(early.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'INVALID_STATUS' });
    expect(await api('GET', `/v1/sessions/${sessionKey}/results`)).toMatchObject({ status: 409, body: { message: 'Session is not yet completed.' } });
  });

  it('starts the capture with the capture token', async () => {
    captureEvents = sseEventRecorder(server.baseUrl, asCapture(), { sessionKey });
    await captureEvents.ready;
    const started = await graphqlRequest(
      server.baseUrl,
      asCapture(),
      'mutation($k: String!) { startCapture(sessionKey: $k) { status inspectStartedAt requiredPhotos { photoCode photoLabel hint } } }',
      { k: sessionKey },
    );
    expect(started.errors).toBeUndefined();
    expect(started.data.startCapture.status).toBe('STARTED');
    // Walk-around order (docs/capture.md): VIN and inside at the driver's door, front, passenger side, rear, driver side.
    expect(started.data.startCapture.requiredPhotos.map((photo: { photoCode: number }) => photo.photoCode)).toEqual([1, 2, 5, 7, 8, 4]);
    const again = await graphqlRequest(server.baseUrl, asCapture(), 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
    expect(again.data.startCapture.status).toBe('STARTED');
    expect((await api('PUT', `/v1/sessions/${sessionKey}`, { theme: 'PRO' })).status).toBe(400);
    expect(await api('DELETE', `/v1/sessions/${sessionKey}`)).toMatchObject({
      status: 400,
      body: { message: `Session ${sessionKey} has been started and cannot be deleted.` },
    });
  });

  it('runs quality control on each photo: rejections with reasons, retakes, a duplicate', async () => {
    const upload = async (code: number, bytes: Buffer) => {
      const result = await uploadPhoto(server.baseUrl, asCapture(), sessionKey, code, bytes);
      expect(result.body.errors).toBeUndefined();
      return result.body.data.capturePhoto as { approved: boolean; approvedMessage: string; url: string | null };
    };
    expect(await upload(1, await makeTiny())).toMatchObject({ approved: false, approvedMessage: expect.stringMatching(/^REJECTED: Photo is too small/) });
    expect(await upload(1, await makeScene({ seed: 11 }))).toMatchObject({ approved: true, approvedMessage: 'ACCEPTED' });
    expect(await upload(2, await makeScene({ seed: 11 }))).toMatchObject({ approved: false, approvedMessage: expect.stringContaining('duplicate') });
    expect(await upload(2, await makeScene({ seed: 12, format: 'png' }))).toMatchObject({ approved: true });
    expect(await upload(4, await makeBlurred({ seed: 13 }))).toMatchObject({
      approved: false,
      approvedMessage: expect.stringMatching(/^REJECTED: Photo is blurry/),
    });
    expect(await upload(4, await makeDark({ seed: 13 }))).toMatchObject({ approved: false, approvedMessage: expect.stringContaining('too dark') });
    expect(await upload(4, await makeNonImage())).toMatchObject({ approved: false, url: null, approvedMessage: expect.stringMatching(/^REJECTED: /) });
    expect(await upload(4, await makeScene({ seed: 14, format: 'webp' }))).toMatchObject({ approved: true });
    expect(await upload(5, await makeScene({ seed: 15 }))).toMatchObject({ approved: true });
    expect(await upload(7, await makeScene({ seed: 17 }))).toMatchObject({ approved: true });

    const unknown = await uploadPhoto(server.baseUrl, asCapture(), sessionKey, 3, await makeScene({ seed: 3 }));
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ reason: 'UNKNOWN_PHOTO_CODE' });

    const status = await graphqlRequest(server.baseUrl, asCapture(), 'query($k: String!) { inspectionSession(sessionKey: $k) { status acceptedPhotoCount } }', {
      k: sessionKey,
    });
    expect(status.data.inspectionSession).toEqual({ status: 'PROCESS', acceptedPhotoCount: 5 });
    expect(await upload(8, await makeScene({ seed: 18 }))).toMatchObject({ approved: true });
  });

  it('reaches QC_PASSED once every required photo is accepted', async () => {
    const session = await api('GET', `/v1/sessions/${sessionKey}`);
    expect(session.body.status).toBe('QC_PASSED');
  });

  it('lists photos with approval messages and serves them at unguessable URLs', async () => {
    const photos = await api('GET', `/v1/sessions/${sessionKey}/photos`);
    expect(photos.status).toBe(200);
    expect(photos.body).toHaveLength(11);
    for (const photo of photos.body) {
      expect(Object.keys(photo).sort()).toEqual([
        'approved',
        'approved_message',
        'created_at',
        'decoded_vin',
        'odometer_suggested',
        'photo_code',
        'photo_label',
        'rejection_code',
        'updated_at',
        'url',
        'vehicle_box',
        'vehicle_check',
      ]);
      expect(photo.approved_message).toMatch(photo.approved ? /^ACCEPTED$/ : /^REJECTED: .+/);
    }
    const accepted = photos.body.find((photo: { photo_code: number; approved: boolean }) => photo.photo_code === 2 && photo.approved);
    expect(accepted.url).toMatch(new RegExp(`^${server.baseUrl}/photos/[A-Za-z0-9_-]{32}$`));
    const image = await fetch(accepted.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${server.baseUrl}/photos/${'A'.repeat(32)}`)).status).toBe(404);
  });

  it('records location, notes and a manual damage', async () => {
    const located = await graphqlRequest(
      server.baseUrl,
      asCapture(),
      'mutation($k: String!) { setLocation(sessionKey: $k, latitude: 48.85, longitude: 2.35, accuracy: 12) { location { latitude longitude accuracy } } }',
      { k: sessionKey },
    );
    expect(located.data.setLocation.location).toEqual({ latitude: 48.85, longitude: 2.35, accuracy: 12 });
    const badLocation = await graphqlRequest(
      server.baseUrl,
      asCapture(),
      'mutation($k: String!) { setLocation(sessionKey: $k, latitude: 91, longitude: 0) { status } }',
      { k: sessionKey },
    );
    expect(badLocation.errors?.[0]?.extensions).toMatchObject({ reason: 'INVALID_LOCATION' });

    const guest = await graphqlRequest(
      server.baseUrl,
      asCapture(),
      'mutation($k: String!) { addNote(sessionKey: $k, title: "Scratch", description: "Small scratch near the handle") { user title } }',
      { k: sessionKey },
    );
    expect(guest.data.addNote).toEqual({ user: 'guest', title: 'Scratch' });
    const note = await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: 'Checked', description: 'Reviewed by the desk' });
    expect(note.body).toMatchObject({ title: 'Checked', description: 'Reviewed by the desk', user: account.username });
    expect((await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: '' })).status).toBe(400);
    const notes = await api('GET', `/v1/sessions/${sessionKey}/notes`);
    expect(notes.body.map((item: { user: string }) => item.user)).toEqual(['guest', account.username]);

    const damage = await api('POST', `/v1/sessions/${sessionKey}/damages`, { item: 'Left Front Door', damage: 'scratch', grade: 2, photo_code: 4 });
    expect(damage.body).toMatchObject({ item: 'left_front_door', damage: 'scratch', grade: 2, photo_code: 4, source: 'manual' });
    const graphDamage = await graphqlRequest(
      server.baseUrl,
      { account },
      'mutation($k: String!) { addDamage(sessionKey: $k, item: "front_bumper", damage: "dent", grade: 3) { item grade source } }',
      { k: sessionKey },
    );
    expect(graphDamage.data.addDamage).toEqual({ item: 'front_bumper', grade: 3, source: 'manual' });
    expect((await api('POST', `/v1/sessions/${sessionKey}/damages`, { item: 'front_bumper', damage: 'dent', grade: 9 })).status).toBe(400);
  });

  it('confirms, generates the report and completes', async () => {
    const confirmed = await graphqlRequest(
      server.baseUrl,
      asCapture(),
      'mutation($k: String!) { confirmInspection(sessionKey: $k) { status inspectEndedAt } }',
      { k: sessionKey },
    );
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data.confirmInspection.status).toBe('COMPLETE');
    await accountEvents.waitFor((events) => events.some((event) => event.event === 'SESSION:COMPLETE'));
    await captureEvents.waitFor((events) => events.some((event) => event.event === 'SESSION:COMPLETE'));
  });

  it('serves results equal to the SESSION:COMPLETE payload, shaped as docs/rest-guide.md', async () => {
    const results = await api('GET', `/v1/sessions/${sessionKey}/results`);
    expect(results.status).toBe(200);
    const complete = accountEvents.events.find((event) => event.event === 'SESSION:COMPLETE') as RecordedEvent;
    expect(results.body).toEqual(complete.payload);
    const graph = await graphqlRequest(server.baseUrl, { account }, 'query($k: String!) { sessionResults(sessionKey: $k) }', { k: sessionKey });
    expect(graph.data.sessionResults).toEqual(results.body);

    const body = results.body;
    expect(Object.keys(body)).toEqual(['event', 'session', 'vehicle', 'photos', 'location', 'inspection', 'report']);
    expect(body.event).toBe('SESSION:COMPLETE');
    expect(Object.keys(body.session).sort()).toEqual(
      [
        'capture_duration',
        'created_at',
        'inspect_duration',
        'inspect_ended_at',
        'inspect_started_at',
        'language',
        'options',
        'redirect_url',
        'session_key',
        'source',
        'status',
        'theme',
      ].sort(),
    );
    expect(body.session).toMatchObject({
      session_key: sessionKey,
      theme: 'LITE',
      status: 'COMPLETE',
      options: { client_id: 'dealer-7', reference: { claim: 'C-1' } },
    });
    expect(body.session.inspect_duration).toBeGreaterThanOrEqual(0);
    expect(body.session.source).toEqual({ type: 'api' });
    // The 11 vehicle fields, the VIN the inspection captured (none: photo 1 holds no barcode) and its match, then the
    // VIN's decode and whether the given details agree with it, and the odometer captured (none typed) and its match
    // (docs/capture.md).
    expect(Object.keys(body.vehicle)).toHaveLength(17);
    expect(body.vehicle).toMatchObject({ vin_captured: null, vin_match: null, odom_captured: null, odom_match: null });
    expect(body.photos.map((photo: { photo_code: number }) => photo.photo_code)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(body.photos.every((photo: { approved: boolean }) => photo.approved)).toBe(true);
    expect(body.location).toMatchObject({ latitude: 48.85, longitude: 2.35, accuracy: 12 });
    expect(body.location.captured_at).toMatch(ISO_WITH_OFFSET);
    expect(body.inspection).toMatchObject({ total_damages: 2, max_grade_per_item: { front_bumper: 3, left_front_door: 2 } });
    expect(body.inspection.grade).toBeGreaterThanOrEqual(1);
    expect(body.inspection.grade).toBeLessThanOrEqual(4);
  });

  it('delivered every event in order, with the spec payload fields, to both subscribers', async () => {
    const statuses = accountEvents.events.filter((event) => event.event === 'SESSION:STATUS_CHANGE').map((event) => event.payload.status);
    expect(statuses).toEqual(['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM']);
    const names = accountEvents.events.map((event) => event.event);
    expect(names.indexOf('SESSION:STAGE_CHANGE')).toBeGreaterThan(names.indexOf('SESSION:STATUS_CHANGE'));
    expect(names.at(-1)).toBe('SESSION:COMPLETE');
    expect(names.filter((name) => name === 'SESSION:STAGE_CHANGE')).toHaveLength(11);
    expect(names.filter((name) => name === 'SESSION:NOTE_INSERT')).toHaveLength(2);
    const ids = accountEvents.events.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const event of accountEvents.events) {
      expect(event.sessionKey).toBe(sessionKey);
      expect(event.payload.event).toBe(event.event);
      // Every event's time has the +00:00 offset, SESSION:COMPLETE's too (its payload, the results, has no time).
      expect(event.timestamp).toMatch(ISO_WITH_OFFSET);
      if (event.event === 'SESSION:COMPLETE') continue;
      expect(Object.keys(event.payload)).toEqual(SPEC_FIELDS[event.event]);
      expect(event.payload.session_key).toBe(sessionKey);
      expect(event.payload.timestamp).toMatch(ISO_WITH_OFFSET);
      expect(event.timestamp).toBe(event.payload.timestamp);
    }
    const rejected = accountEvents.events.find((event) => event.event === 'SESSION:STAGE_CHANGE' && event.payload.photo_status === 'rejected') as RecordedEvent;
    expect(rejected.payload.message).toMatch(/too small/);
    const accepted = accountEvents.events.find((event) => event.event === 'SESSION:STAGE_CHANGE' && event.payload.photo_status === 'accepted') as RecordedEvent;
    expect(accepted.payload).toMatchObject({ photo_code: 1, photo_label: 'VIN', message: '' });
    expect(accepted.payload.photo_url).toMatch(/\/photos\//);
    const guestNote = accountEvents.events.find((event) => event.event === 'SESSION:NOTE_INSERT') as RecordedEvent;
    expect(guestNote.payload).toMatchObject({ title: 'Scratch', user: 'guest' });

    // The capture-scope SSE subscriber opened after creation: it saw everything from STARTED on as a guest sees it
    // (docs/limits.md): the integrator's notes left out, SESSION:COMPLETE without the results.
    const fromStart = accountEvents.events.slice(accountEvents.events.findIndex((event) => event.payload.status === 'STARTED'));
    const asGuestSeesIt = fromStart
      .filter((event) => event.event !== 'SESSION:NOTE_INSERT' || event.payload.user === 'guest')
      .map((event) =>
        event.event === 'SESSION:COMPLETE'
          ? { ...event, payload: { session_key: sessionKey, event: 'SESSION:COMPLETE', status: 'COMPLETE', timestamp: event.timestamp } }
          : event,
      );
    expect(asGuestSeesIt.length).toBe(fromStart.length - 1);
    expect(captureEvents.events).toEqual(asGuestSeesIt);
    expect(accountEvents.errors).toEqual([]);
    expect(captureEvents.errors).toEqual([]);
  });

  it('replays from a cursor with no gap and no duplicate', async () => {
    const cursor = accountEvents.events[3] as RecordedEvent;
    const replay = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey, after: cursor.id });
    try {
      const expected = accountEvents.events.slice(4);
      await replay.waitFor((events) => events.length >= expected.length);
      expect(replay.events).toEqual(expected);
      // Live events continue after the replay: a new note arrives once.
      await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: 'Late', description: 'After completion' });
      await replay.waitFor((events) => events.length === expected.length + 1);
      expect(replay.events.at(-1)?.payload).toMatchObject({ event: 'SESSION:NOTE_INSERT', title: 'Late' });
    } finally {
      await replay.close();
    }
  });
});

describe('isolation', () => {
  it("hides one account's sessions from another account", async () => {
    const notFound = { message: `Session ${sessionKey} cannot be found.` };
    for (const path of ['', '/photos', '/notes', '/results']) {
      expect(await api('GET', `/v1/sessions/${sessionKey}${path}`, undefined, other)).toMatchObject({ status: 404, body: notFound });
    }
    expect(await api('PUT', `/v1/sessions/${sessionKey}`, { language: 'fr' }, other)).toMatchObject({ status: 404 });
    expect(await api('DELETE', `/v1/sessions/${sessionKey}`, undefined, other)).toMatchObject({ status: 404 });
    expect(await api('POST', `/v1/sessions/${sessionKey}/notes`, { title: 'x', description: 'y' }, other)).toMatchObject({ status: 404 });
    expect(await api('POST', `/v1/sessions/${sessionKey}/damages`, { item: 'hood', damage: 'dent', grade: 1 }, other)).toMatchObject({ status: 404 });
    const graph = await graphqlRequest(server.baseUrl, { account: other }, 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }', {
      k: sessionKey,
    });
    expect(graph.errors?.[0]).toMatchObject({ message: notFound.message, extensions: { code: 'NOT_FOUND' } });
    const list = await graphqlRequest(server.baseUrl, { account: other }, '{ inspectionSessions { edges { node { sessionKey } } } }');
    expect(list.data.inspectionSessions.edges).toEqual([]);
    const foreignSubscription = wsEventRecorder(server.baseUrl, signRequestHeaders(other), { sessionKey });
    await vi.waitFor(() => expect(JSON.stringify(foreignSubscription.errors)).toContain('cannot be found'));
    await foreignSubscription.close();
  });

  it('limits a capture token to its own session', async () => {
    const second = await api('POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const secondKey = second.body.session_key;
    const result = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
      k: secondKey,
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const listing = await graphqlRequest(server.baseUrl, { captureToken }, '{ inspectionSessions { edges { cursor } } }');
    expect(listing.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (
        await graphqlRequest(server.baseUrl, { captureToken: 'not-a-token' }, 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }', {
          k: secondKey,
        })
      ).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await api('GET', `/v1/sessions/${secondKey}`)).body.status).toBe('IDLE');
    expect(await api('DELETE', `/v1/sessions/${secondKey}`)).toMatchObject({
      status: 200,
      body: { message: `Session ${secondKey} has been successfully removed.` },
    });
    expect((await api('GET', `/v1/sessions/${secondKey}`)).status).toBe(404);
  });

  it('pages through the account sessions with a cursor and a status filter', async () => {
    for (let index = 0; index < 3; index += 1) await api('POST', '/v1/sessions', { session: { theme: 'CAPT' } });
    const query =
      'query($after: String, $status: SessionStatus) { inspectionSessions(first: 2, after: $after, status: $status) { edges { node { sessionKey status } } pageInfo { hasNextPage endCursor } } }';
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await graphqlRequest(server.baseUrl, { account }, query, { after });
      seen.push(...page.data.inspectionSessions.edges.map((edge: { node: { sessionKey: string } }) => edge.node.sessionKey));
      if (!page.data.inspectionSessions.pageInfo.hasNextPage) break;
      after = page.data.inspectionSessions.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    const complete = await graphqlRequest(server.baseUrl, { account }, query, { status: 'COMPLETE' });
    expect(complete.data.inspectionSessions.edges).toEqual([{ node: { sessionKey, status: 'COMPLETE' } }]);
  });
});
