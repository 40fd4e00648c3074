// A signed-in browser's cookie travels with requests that foreign pages make (docs/staff.md): GraphQL accepts a
// cookie-only request solely as a JSON POST or a GET carrying graphql-require-preflight, and a cookie-only
// WebSocket solely from the service's own origin or an allowed CORS origin. Also: every root field has a role.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isObjectType } from 'graphql';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { cookieGraphql, me, signIn, signedInAs } from '../support/sign-in.js';
import { schema } from '../../src/http/graphql/schema.js';
import { rootFieldsWithoutRole } from '../../src/http/graphql/authorization.js';

const PASSWORD = 'correct horse battery staple';
const ALLOWED_ORIGIN = 'https://dashboard.example.com';

let server: TestServer;
let account: TestAccount;
let ownerName: string;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: ALLOWED_ORIGIN });
  account = await server.createAccount();
  ownerName = `owner-${Math.random().toString(36).slice(2, 10)}`;
  expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username: ownerName, password: PASSWORD, role: 'owner' })).status).toBe(201);
  cookie = await signedInAs(server.baseUrl, ownerName, PASSWORD);
});

afterAll(async () => {
  await server?.stop();
});

describe('cookie-only GraphQL over HTTP', () => {
  const MUTATION = 'mutation { createUser(input: {username: "forged.user", password: "forged-password-123", role: OWNER}) { username } }';

  it.each([
    ['application/x-www-form-urlencoded', `query=${encodeURIComponent(MUTATION)}`],
    ['text/plain', JSON.stringify({ query: MUTATION })],
  ])('refuses a form-style POST (%s) with 403 and changes nothing', async (contentType, body) => {
    const response = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': contentType, cookie }, body });
    expect(response.status).toBe(403);
    const users = await apiRequest(server.baseUrl, account, 'GET', '/v1/users');
    expect(users.body.data.map((user: { username: string }) => user.username)).not.toContain('forged.user');
  });

  it('refuses a multipart POST with 403', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ me { username } }' }));
    form.set('map', '{}');
    const response = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: { cookie }, body: form });
    expect(response.status).toBe(403);
  });

  it('refuses a GET operation without graphql-require-preflight, and runs it with the header', async () => {
    const url = `${server.baseUrl}/graphql?query=${encodeURIComponent('{ me { username } }')}`;
    expect((await fetch(url, { headers: { cookie, accept: 'application/json' } })).status).toBe(403);
    const allowed = await fetch(url, { headers: { cookie, accept: 'application/json', 'graphql-require-preflight': '1' } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ data: { me: { username: ownerName } } });
  });

  it('runs a JSON POST with the cookie', async () => {
    const result = await cookieGraphql(server.baseUrl, cookie, '{ me { username role } }');
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ me: { username: ownerName, role: 'OWNER' } });
  });

  it('keeps the API headers working beside a cookie, also on a GET without the preflight header', async () => {
    const result = await apiRequest(server.baseUrl, account, 'POST', '/graphql', { query: '{ me { username } }' }, { cookie });
    expect(result.body).toEqual({ data: { me: null } });
    const get = await apiRequest(server.baseUrl, account, 'GET', `/graphql?query=${encodeURIComponent('{ me { username } }')}`, undefined, {
      cookie,
      accept: 'application/json',
    });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ data: { me: null } });
  });
});

describe('sign-in from a form', () => {
  it('refuses a login that is not JSON, so a foreign page cannot sign a visitor in', async () => {
    const response = await fetch(`${server.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ username: ownerName, password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('sign-out from a form', () => {
  it.each([
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }, 'x=1'],
    ['a text/plain post', { 'content-type': 'text/plain' }, '{}'],
    ['a post without a body', {}, undefined],
  ] as [string, Record<string, string>, string | undefined][])('refuses %s with 403 and the sign-in lasts', async (_name, headers, body) => {
    const victim = await signedInAs(server.baseUrl, ownerName, PASSWORD);
    const response = await fetch(`${server.baseUrl}/auth/logout`, { method: 'POST', headers: { ...headers, cookie: victim }, body });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await me(server.baseUrl, victim)).status).toBe(200);
  });

  it('signs out on a JSON post or one carrying graphql-require-preflight', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, { 'graphql-require-preflight': '1' }] as Record<string, string>[]) {
      const signedIn = await signedInAs(server.baseUrl, ownerName, PASSWORD);
      const response = await fetch(`${server.baseUrl}/auth/logout`, { method: 'POST', headers: { ...headers, cookie: signedIn }, body: '{}' });
      expect(response.status).toBe(204);
      expect((await me(server.baseUrl, signedIn)).status).toBe(401);
    }
  });
});

describe('cookie-only GraphQL over WebSocket', () => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
  });

  function client(headers: Record<string, string>): Client {
    const SocketWithHeaders = class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    };
    const created = createClient({
      url: `${server.baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: SocketWithHeaders,
      retryAttempts: 0,
      lazyCloseTimeout: 60_000,
    });
    clients.push(created);
    return created;
  }

  function run(socket: Client, query: string): Promise<{ result?: any; closeCode?: number; closeReason?: string }> {
    return new Promise((resolve) => {
      let result: unknown;
      socket.subscribe(
        { query },
        {
          next: (value) => (result = value),
          error: (error) => {
            const closed = error as { code?: number; reason?: string };
            resolve({ closeCode: closed.code ?? -1, closeReason: closed.reason });
          },
          complete: () => resolve({ result }),
        },
      );
    });
  }

  it('accepts the cookie from the service origin and from an allowed CORS origin', async () => {
    for (const origin of [new URL(server.baseUrl).origin, ALLOWED_ORIGIN]) {
      expect(await run(client({ cookie, origin }), '{ me { username } }'), origin).toEqual({ result: { data: { me: { username: ownerName } } } });
    }
  });

  it('closes a cookie-only socket from a foreign origin or without one with 4403, naming the address to open the page at', async () => {
    // The page a person opened at the wrong address (127.0.0.1 for localhost) says where to open it instead.
    const refused = { closeCode: 4403, closeReason: `Forbidden: open the page at ${new URL(server.baseUrl).origin}` };
    expect(await run(client({ cookie, origin: 'https://evil.example.net' }), '{ me { username } }')).toEqual(refused);
    expect(await run(client({ cookie }), '{ me { username } }')).toEqual(refused);
  });

  it('stops answering an open socket once its user is deleted', async () => {
    const username = `short-lived-${Math.random().toString(36).slice(2, 8)}`;
    await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: PASSWORD, role: 'viewer' });
    const socket = client({ cookie: await signedInAs(server.baseUrl, username, PASSWORD), origin: new URL(server.baseUrl).origin });
    expect((await run(socket, '{ me { username } }')).result).toEqual({ data: { me: { username } } });
    await apiRequest(server.baseUrl, account, 'DELETE', `/v1/users/${username}`);
    // The same socket (kept open by lazyCloseTimeout) answers the next operation with the ended sign-in.
    const after = await run(socket, '{ me { username } }');
    expect(after.result?.errors?.[0]?.extensions?.code, JSON.stringify(after)).toBe('UNAUTHENTICATED');
  });
});

describe('the cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://capture.example.com' });
    try {
      const owner = await secure.createAccount();
      await apiRequest(secure.baseUrl, owner, 'POST', '/v1/users', { username: 'secure.owner', password: PASSWORD, role: 'owner' });
      const attempt = await signIn(secure.baseUrl, 'secure.owner', PASSWORD);
      expect(attempt.status).toBe(200);
      expect((attempt.setCookie as string).split(';').map((part) => part.trim())).toContain('Secure');
    } finally {
      await secure.stop();
    }
  });
});

describe('the role table', () => {
  it('names every root field of the schema', () => {
    const rootFields = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
      type && isObjectType(getNamedType(type)) ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : [],
    );
    expect(rootFields.length).toBeGreaterThan(20);
    expect(rootFieldsWithoutRole(schema)).toEqual([]);
  });
});
