// Per-session caps (docs/limits.md): at most 200 notes and 100 damage records a session; beyond → 400 (REST) /
// LIMIT_REACHED (GraphQL) and nothing stored. The requests go in concurrently, as an attacker flooding one session
// would send them: the cap is a conditional counter update, so the race cannot get past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { createSession } from '../support/capture-flow.js';
import { MAX_DAMAGES_PER_SESSION, MAX_NOTES_PER_SESSION } from '../../src/domain/limits.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});

afterAll(async () => {
  await server?.stop();
});

describe('session caps', () => {
  it('holds at most 200 notes: concurrent extra ones get 400, guests get LIMIT_REACHED, nothing more is stored', async () => {
    expect(MAX_NOTES_PER_SESSION).toBe(200);
    const session = await createSession(server.baseUrl, account);
    const guest = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, guest, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });

    const posts = await Promise.all(
      Array.from({ length: MAX_NOTES_PER_SESSION + 10 }, (_, index) =>
        apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, { title: `Note ${index}`, description: 'flood' }),
      ),
    );
    const statuses = posts.map((post) => post.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_NOTES_PER_SESSION);
    const refused = posts.filter((post) => post.status !== 200);
    expect(refused).toHaveLength(10);
    for (const post of refused) {
      expect(post.status).toBe(400);
      expect(post.body).toEqual({ message: `Session ${session.sessionKey} already has the maximum of 200 notes.`, request_id: expect.any(String) });
    }

    const note = await graphqlRequest(
      server.baseUrl,
      guest,
      'mutation($k: String!) { addNote(sessionKey: $k, title: "One more", description: "from the phone") { user } }',
      {
        k: session.sessionKey,
      },
    );
    expect(note.data?.addNote ?? null).toBeNull();
    expect(note.errors?.[0]?.extensions?.code).toBe('LIMIT_REACHED');

    const stored = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/notes`);
    expect(stored.body).toHaveLength(MAX_NOTES_PER_SESSION);
    expect(stored.body.some((stored: { title: string }) => stored.title === 'One more')).toBe(false);
  });

  it('holds at most 100 damage records: concurrent extra ones get 400, GraphQL LIMIT_REACHED, nothing more stored', async () => {
    expect(MAX_DAMAGES_PER_SESSION).toBe(100);
    const session = await createSession(server.baseUrl, account);
    const posts = await Promise.all(
      Array.from({ length: MAX_DAMAGES_PER_SESSION + 5 }, () =>
        apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/damages`, { item: 'Front bumper', damage: 'Scratch', grade: 2 }),
      ),
    );
    expect(posts.filter((post) => post.status === 200)).toHaveLength(MAX_DAMAGES_PER_SESSION);
    const refused = posts.filter((post) => post.status !== 200);
    expect(refused.map((post) => [post.status, post.body])).toEqual(
      Array.from({ length: 5 }, () => [
        400,
        { message: `Session ${session.sessionKey} already has the maximum of 100 damage records.`, request_id: expect.any(String) },
      ]),
    );

    const damage = await graphqlRequest(
      server.baseUrl,
      { account },
      'mutation($k: String!) { addDamage(sessionKey: $k, item: "Hood", damage: "Dent", grade: 3) { item } }',
      {
        k: session.sessionKey,
      },
    );
    expect(damage.data?.addDamage ?? null).toBeNull();
    expect(damage.errors?.[0]?.extensions?.code).toBe('LIMIT_REACHED');

    const stored = await server.app.services.stores.damages.listForSession(account.apiKey, session.sessionKey);
    expect(stored).toHaveLength(MAX_DAMAGES_PER_SESSION);
  });
});
