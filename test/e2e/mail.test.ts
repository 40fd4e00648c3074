// Mail through a real SMTP server (docs/staff.md "Mail"): the person's invitation in the session's language with the
// capture link, the staff's notice when a session starts waiting for review, and the person's report link when the
// session completes; without SMTP_URL nothing is sent and the record says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createSession, THEME_PHOTOS } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import type { TestAccount } from '../support/signing.js';

let smtp: TestSmtpServer;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Acme Inspections <inspections@acme.example>', MAIL_POLL_INTERVAL_MS: '60000' });
  account = await server.createAccount(undefined, {
    review_mode: 'manual',
    display_name: 'Acme Motors',
    notification_emails: ['Appraisers@Acme.example', 'lead@acme.example'],
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function photographAndConfirm(sessionKey: string, captureToken: string) {
  const capture = { captureToken };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const result = await uploadPhoto(server.baseUrl, capture, sessionKey, code, await makeScene({ seed: 7000 + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k: sessionKey });
  expect(confirmed.data?.confirmInspection?.status).toBe('CONFIRM');
}

describe('mail', () => {
  it('invites the person in their language, tells the staff when the review waits, and sends the report link on completion', async () => {
    const session = await createSession(server.baseUrl, account, {
      session: { theme: 'LITE', language: 'es' },
      email: { to: 'ana@example.test', to_name: 'Ana' },
    });
    const [invitation] = await smtp.waitFor(1);
    expect(invitation?.to && 'text' in invitation.to ? invitation.to.text : '').toBe('ana@example.test');
    expect(invitation?.from?.value[0]?.address).toBe('inspections@acme.example');
    expect(invitation?.subject).toBe('Acme Motors: fotografíe su vehículo');
    expect(invitation?.text).toContain('Hola Ana:');
    expect(invitation?.text).toContain(session.captureUrl);

    await photographAndConfirm(session.sessionKey, session.captureToken);
    const afterConfirm = await smtp.waitFor(3);
    const notices = afterConfirm.slice(1);
    expect(notices.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '')).sort()).toEqual(['appraisers@acme.example', 'lead@acme.example']);
    for (const notice of notices) {
      expect(notice.subject).toBe(`Inspection ${session.sessionKey} is waiting for review`);
      expect(notice.text).toContain(`/dashboard/sessions/${session.sessionKey}`);
    }

    const reviewed = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: true });
    expect(reviewed.status).toBe(200);
    const [, , , report] = await smtp.waitFor(4);
    expect(report?.subject).toBe('Acme Motors: el informe del estado de su vehículo');
    expect(report?.text).toContain(session.captureUrl);
    expect(smtp.received).toHaveLength(4);
    // The session's timeline lists each mail as sent, once the SMTP server took it (docs/staff.md "Mail").
    const mailsOf = async () =>
      (
        await graphqlRequest(server.baseUrl, { account }, 'query($k: String!) { inspectionSession(sessionKey: $k) { mails { kind to status lastError } } }', {
          k: session.sessionKey,
        })
      ).data?.inspectionSession.mails;
    await expect.poll(async () => (await mailsOf())?.every((mail: { status: string }) => mail.status === 'SENT'), { timeout: 10_000 }).toBe(true);
    expect((await mailsOf()).map((mail: { kind: string; to: string }) => `${mail.kind} ${mail.to}`).sort()).toEqual([
      'invitation ana@example.test',
      'report_ready ana@example.test',
      'review_waiting appraisers@acme.example',
      'review_waiting lead@acme.example',
    ]);
    // A whole capture with six photos: more than the default 30 s when the machine is loaded.
  }, 90_000);

  it('refuses an email that is not an address, and a session without email sends nothing', async () => {
    const before = smtp.received.length;
    const bad = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { email: { to: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email\.to.*must be an email address/);
    const missing = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { email: { to_name: 'Ana' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/email\.to.*is required when email is given/);
    await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
    await server.app.services.mailSender.drain();
    expect(smtp.received.length).toBe(before);
  });
});
