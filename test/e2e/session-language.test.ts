// docs/capture.md: a session's language is en, es, fr, de or pt; anything else is a 400 naming the field, at creation
// and at update, and changes nothing. A regional tag is stored as its language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';

const MESSAGE_TAIL = 'must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).';
const UPDATE = 'mutation($k: String!, $input: UpdateInspectionSessionInput!) { updateInspectionSession(sessionKey: $k, input: $input) { language } }';

let server: TestServer;
let account: TestAccount;
const api = (method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('session language', () => {
  it('takes each of the five languages, a regional tag as its language, and null when absent', async () => {
    for (const [given, stored] of [
      ['en', 'en'],
      ['es', 'es'],
      ['fr', 'fr'],
      ['de', 'de'],
      ['pt', 'pt'],
      ['pt-BR', 'pt'],
      ['es-MX', 'es'],
    ]) {
      const created = await api('POST', '/v1/sessions', { session: { theme: 'LITE', language: given } });
      expect(created.status, given).toBe(200);
      expect(created.body.language, given).toBe(stored);
    }
    // docs/staff.md: a session created without a language takes the account's default_language (en unless set).
    const plain = await api('POST', '/v1/sessions', { session: { theme: 'LITE' } });
    expect(plain.body.language).toBe('en');
  });

  it("gives a session created without a language the account's default_language, set at account creation", async () => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.baseUrl}/admin/accounts`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ username: `lang-es-${Date.now()}`, default_language: 'es' }),
    });
    expect(created.status).toBe(201);
    const spanishAccount = (await created.json()) as { username: string; api_key: string; api_secret: string; default_language: string };
    expect(spanishAccount.default_language).toBe('es');
    const listed = (await (await fetch(`${server.baseUrl}/admin/accounts`, { headers: admin })).json()) as {
      data: { username: string; default_language: string }[];
    };
    expect(listed.data.find((entry) => entry.username === spanishAccount.username)?.default_language).toBe('es');
    expect(listed.data.find((entry) => entry.username === account.username)?.default_language).toBe('en');

    const signed = { username: spanishAccount.username, apiKey: spanishAccount.api_key, apiSecret: spanishAccount.api_secret };
    const plain = await apiRequest(server.baseUrl, signed, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    expect(plain.body.language).toBe('es');
    const chosen = await apiRequest(server.baseUrl, signed, 'POST', '/v1/sessions', { session: { theme: 'LITE', language: 'fr' } });
    expect(chosen.body.language).toBe('fr');

    const changed = await fetch(`${server.baseUrl}/admin/accounts/${spanishAccount.username}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ default_language: 'de' }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { default_language: string }).default_language).toBe('de');
    const relisted = (await (await fetch(`${server.baseUrl}/admin/accounts`, { headers: admin })).json()) as {
      data: { username: string; default_language: string }[];
    };
    expect(relisted.data.find((entry) => entry.username === spanishAccount.username)?.default_language).toBe('de');

    for (const language of ['it', 'EN', 42, null]) {
      const refused = await fetch(`${server.baseUrl}/admin/accounts`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ username: `lang-bad-${Date.now()}`, default_language: language }),
      });
      expect(refused.status, String(language)).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'default_language must be one of en, es, fr, de, pt.' });
    }
  });

  it('refuses an unknown language at creation with 400 naming the field, and creates nothing', async () => {
    const sessions = server.app.database.db.collection('inspection_sessions');
    const before = await sessions.countDocuments({});
    for (const language of ['it', 'xx', 'zh-CN', 'english', 42]) {
      const refused = await api('POST', '/v1/sessions', { session: { theme: 'LITE', language } });
      expect(refused.status, String(language)).toBe(400);
      expect(refused.body).toEqual({ message: `session.language ${MESSAGE_TAIL}`, request_id: expect.any(String) });
    }
    expect(await sessions.countDocuments({})).toBe(before);
  });

  it('refuses an unknown language at update (REST and GraphQL) and keeps the stored one', async () => {
    const created = await api('POST', '/v1/sessions', { session: { theme: 'LITE', language: 'fr' } });
    const key = created.body.session_key as string;

    const refused = await api('PUT', `/v1/sessions/${key}`, { language: 'nl' });
    expect(refused).toMatchObject({ status: 400, body: { message: `language ${MESSAGE_TAIL}` } });
    const refusedInGroup = await api('PUT', `/v1/sessions/${key}`, { session: { language: 'it' } });
    expect(refusedInGroup).toMatchObject({ status: 400, body: { message: `session.language ${MESSAGE_TAIL}` } });
    const graph = await graphqlRequest(server.baseUrl, { account }, UPDATE, { k: key, input: { language: 'ru' } });
    expect(graph.errors?.[0]?.message).toBe(`language ${MESSAGE_TAIL}`);
    expect((await api('GET', `/v1/sessions/${key}`)).body.language).toBe('fr');

    const changed = await api('PUT', `/v1/sessions/${key}`, { language: 'DE' });
    expect(changed).toMatchObject({ status: 200, body: { language: 'de' } });
  });
});
