// Users, sign-in and roles end to end (docs/staff.md): /v1/users, /auth/login|logout|me with a real cookie over real
// HTTP, the per-username throttle, sign-ins ended by deletion and by time, and roles in GraphQL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createSession } from '../support/capture-flow.js';
import { cookieGraphql, me, signIn, signedInAs } from '../support/sign-in.js';

const PASSWORD = 'correct horse battery staple';
const HOUR = 60 * 60 * 1000;

let server: TestServer;
let account: TestAccount;
/** The service clock runs this far ahead of the wall clock; tests move it instead of waiting. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) =>
  apiRequest(server.baseUrl, who, method, path, body, signedHeaders(who));
let counter = 0;
const uniqueName = (prefix: string) => `${prefix}.${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;

/** API headers signed with the service clock, so they stay valid while the clock is moved. */
const signedHeaders = (who: TestAccount) => signRequestHeaders(who, now());

async function createUser(role: 'owner' | 'inspector' | 'viewer', who: TestAccount = account): Promise<string> {
  const username = uniqueName(role);
  const created = await api('POST', '/v1/users', { username, password: PASSWORD, role }, who);
  expect(created.status).toBe(201);
  return username;
}

async function signInRecords(): Promise<{ _id: string; username: string; last_seen_at: Date }[]> {
  return server.app.database.db.collection<{ _id: string; username: string; last_seen_at: Date }>('sign_ins').find({}).toArray();
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: now });
  account = await server.createAccount();
});

afterAll(async () => {
  await server?.stop();
});

beforeEach(() => {
  offsetMs = 0;
});

describe('/v1/users', () => {
  it('creates, lists and refuses taken usernames across accounts', async () => {
    const username = uniqueName('jane');
    const created = await api('POST', '/v1/users', { username, password: PASSWORD, role: 'inspector', name: 'Jane Doe' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ username, name: 'Jane Doe', role: 'inspector', created_at: expect.any(String) });
    expect(Object.keys(created.body).sort()).toEqual(['created_at', 'name', 'role', 'username']);

    const listed = await api('GET', '/v1/users');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(created.body);
    expect(JSON.stringify(listed.body)).not.toContain(PASSWORD);

    expect((await api('POST', '/v1/users', { username, password: PASSWORD, role: 'viewer' })).status).toBe(409);
    const other = await server.createAccount();
    expect((await api('POST', '/v1/users', { username, password: PASSWORD, role: 'viewer' }, other)).status).toBe(409);
    expect((await api('GET', '/v1/users', undefined, other)).body.data).toEqual([]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'Bad Name', password: PASSWORD, role: 'viewer' }, 'username'],
      [{ password: PASSWORD, role: 'viewer' }, 'username'],
      [{ username: uniqueName('short'), password: 'eleven-char', role: 'viewer' }, 'password'],
      [{ username: uniqueName('norole'), password: PASSWORD, role: 'admin' }, 'role'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', '/v1/users', body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.message).toContain(field);
    }
  });

  it('stores only an argon2id hash of the password', async () => {
    const username = await createUser('viewer');
    const stored = await server.app.database.db.collection('users').findOne({ _id: username as never });
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-in', () => {
  it('logs in with a cookie naming a server-side record, answers /auth/me, and logs out', async () => {
    const username = await createUser('inspector');
    const attempt = await signIn(server.baseUrl, username, PASSWORD);
    expect(attempt.status).toBe(200);
    expect(attempt.body).toEqual({ username, name: username, role: 'inspector', account: account.username });
    const attributes = (attempt.setCookie as string).split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(attributes).not.toContain('Secure'); // PUBLIC_URL is not https here
    const value = (attempt.cookie as string).slice('cg_session='.length);
    expect(Buffer.from(value, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Only the SHA-256 of the cookie value is stored.
    const hashed = createHash('sha256').update(value).digest('hex');
    const records = await signInRecords();
    expect(records.map((record) => record._id)).toContain(hashed);
    expect(JSON.stringify(records)).not.toContain(value);

    expect(await me(server.baseUrl, attempt.cookie as string)).toEqual({ status: 200, body: attempt.body });
    const logout = await fetch(`${server.baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { cookie: attempt.cookie as string, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBe(204);
    expect((await signInRecords()).map((record) => record._id)).not.toContain(hashed);
    expect((await me(server.baseUrl, attempt.cookie as string)).status).toBe(401);
    expect((await me(server.baseUrl, `cg_session=${'x'.repeat(43)}`)).status).toBe(401);
  });

  it('gives a wrong password and an unknown username the same answer in similar time', async () => {
    const body = { message: 'Invalid username or password.', request_id: expect.any(String) };
    const timings = { wrong: [] as number[], unknown: [] as number[] };
    // A fresh username per attempt keeps the throttle out of the measurement.
    for (let round = 0; round < 7; round += 1) {
      const username = await createUser('viewer');
      for (const [kind, name] of [
        ['wrong', username],
        ['unknown', uniqueName('nobody')],
      ] as const) {
        const started = performance.now();
        const attempt = await signIn(server.baseUrl, name, 'not the password at all');
        timings[kind].push(performance.now() - started);
        expect(attempt.status).toBe(401);
        expect(attempt.body).toEqual(body);
        expect(attempt.cookie).toBeNull();
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    // Without the dummy hash an unknown user answers about three times faster than a wrong password (measured);
    // with it, both take about as long.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) / 2);
  });

  it('answers 429 with Retry-After on the 6th failure within 15 minutes, for that username only', async () => {
    const username = await createUser('viewer');
    const bystander = await createUser('viewer');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn(server.baseUrl, username, 'wrong password!')).status, `attempt ${attempt}`).toBe(401);
    }
    const throttled = await signIn(server.baseUrl, username, 'wrong password!');
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits: guessing cannot continue.
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(429);
    expect((await signIn(server.baseUrl, bystander, PASSWORD)).status).toBe(200);

    offsetMs = 15 * 60 * 1000 + 1000;
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(200);
  });

  it('checks at most 5 passwords per username in the window, also when 40 or 100 attempts come at once', async () => {
    for (const attempts of [40, 100]) {
      const username = await createUser('viewer');
      const answers = await Promise.all(Array.from({ length: attempts }, () => signIn(server.baseUrl, username, 'wrong password!')));
      const statuses = answers.map((answer) => answer.status);
      // A 401 is a password checked; every other attempt was refused before its check.
      expect(statuses.filter((status) => status === 401).length, `${attempts} at once`).toBe(5);
      expect(statuses.filter((status) => status === 429).length).toBe(attempts - 5);
      expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(429);
    }
  });

  it('ends every sign-in of a deleted user at once, in REST and GraphQL', async () => {
    const username = await createUser('owner');
    await createUser('owner'); // so the account keeps an owner (the last one is not removed)
    const first = await signedInAs(server.baseUrl, username, PASSWORD);
    const second = await signedInAs(server.baseUrl, username, PASSWORD);
    const colleague = await signedInAs(server.baseUrl, await createUser('viewer'), PASSWORD);
    expect((await cookieGraphql(server.baseUrl, first, '{ me { username } }')).data).toEqual({ me: { username } });

    const deleted = await api('DELETE', `/v1/users/${username}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: expect.any(String) });
    // The records are gone at once, not when a cookie is next presented.
    expect((await signInRecords()).filter((record) => record.username === username)).toEqual([]);
    expect((await me(server.baseUrl, first)).status).toBe(401);
    expect((await me(server.baseUrl, second)).status).toBe(401);
    const afterDeletion = await cookieGraphql(server.baseUrl, second, '{ me { username } }');
    expect(afterDeletion.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await me(server.baseUrl, colleague)).status).toBe(200);
    expect((await api('DELETE', `/v1/users/${username}`)).status).toBe(404);
  });

  it("does not let an account delete another account's user", async () => {
    const username = await createUser('viewer');
    const other = await server.createAccount();
    expect((await api('DELETE', `/v1/users/${username}`, undefined, other)).status).toBe(404);
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(200);
  });

  it('ends a sign-in after 12 idle hours, renews it with use at most once a minute, and ends it after 7 days', async () => {
    const username = await createUser('viewer');
    const idle = await signedInAs(server.baseUrl, username, PASSWORD);
    const busy = await signedInAs(server.baseUrl, username, PASSWORD);
    const lastSeen = async (cookie: string) => {
      const id = createHash('sha256').update(cookie.slice('cg_session='.length)).digest('hex');
      return (await signInRecords()).find((record) => record._id === id)?.last_seen_at.getTime();
    };
    const signedInAt = await lastSeen(busy);

    offsetMs = 30 * 1000; // within the minute: no write
    expect((await me(server.baseUrl, busy)).status).toBe(200);
    expect(await lastSeen(busy)).toBe(signedInAt);
    offsetMs = 61 * 1000; // after it: renewed
    expect((await me(server.baseUrl, busy)).status).toBe(200);
    expect(await lastSeen(busy)).toBeGreaterThan(signedInAt as number);

    // `idle`, unused since sign-in, ends after 12 hours; `busy`, used every 11 hours, lasts.
    offsetMs = 11 * HOUR;
    expect((await me(server.baseUrl, busy)).status).toBe(200);
    offsetMs = 12 * HOUR + 60 * 1000;
    expect((await me(server.baseUrl, idle)).status).toBe(401);
    for (let hours = 22; hours < 7 * 24; hours += 11) {
      offsetMs = hours * HOUR;
      expect((await me(server.baseUrl, busy)).status, `after ${hours} h`).toBe(200);
    }
    // At most 7 days, however busy.
    offsetMs = 7 * 24 * HOUR + 60 * 1000;
    expect((await me(server.baseUrl, busy)).status).toBe(401);

    const later = await signedInAs(server.baseUrl, username, PASSWORD);
    offsetMs += 12 * HOUR + 60 * 1000;
    expect((await me(server.baseUrl, later)).status).toBe(401);
  });
});

describe('GraphQL with the cookie', () => {
  const ADD_NOTE = 'mutation($k: String!) { addNote(sessionKey: $k, title: "t", description: "d") { title } }';

  it("runs a viewer's queries and refuses its mutations with FORBIDDEN, changing nothing", async () => {
    const session = await createSession(server.baseUrl, account);
    const viewer = await signedInAs(server.baseUrl, await createUser('viewer'), PASSWORD);

    const read = await cookieGraphql(server.baseUrl, viewer, 'query($k: String!) { inspectionSession(sessionKey: $k) { sessionKey } me { role account } }', {
      k: session.sessionKey,
    });
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ inspectionSession: { sessionKey: session.sessionKey }, me: { role: 'VIEWER', account: account.username } });

    const denied = await cookieGraphql(server.baseUrl, viewer, ADD_NOTE, { k: session.sessionKey });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(denied.data ?? null).toBeNull();
    expect((await api('GET', `/v1/sessions/${session.sessionKey}/notes`)).body).toEqual([]);

    // A refused field hidden in a fragment is refused too.
    const hidden = await cookieGraphql(server.baseUrl, viewer, 'query { ...F } fragment F on Query { callbacks { event } }');
    expect(hidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets an inspector add notes but not manage callbacks or users', async () => {
    const session = await createSession(server.baseUrl, account);
    const inspector = await signedInAs(server.baseUrl, await createUser('inspector'), PASSWORD);
    const added = await cookieGraphql(server.baseUrl, inspector, ADD_NOTE, { k: session.sessionKey });
    expect(added.errors).toBeUndefined();
    expect((await api('GET', `/v1/sessions/${session.sessionKey}/notes`)).body).toHaveLength(1);

    expect((await cookieGraphql(server.baseUrl, inspector, '{ callbacks { event } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const username = uniqueName('sneaky');
    const create = await cookieGraphql(server.baseUrl, inspector, 'mutation($i: CreateUserInput!) { createUser(input: $i) { username } }', {
      i: { username, password: PASSWORD, role: 'OWNER' },
    });
    expect(create.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api('GET', '/v1/users')).body.data.map((user: { username: string }) => user.username)).not.toContain(username);
  });

  it('lets an owner manage users and callbacks, within its own account', async () => {
    const owner = await signedInAs(server.baseUrl, await createUser('owner'), PASSWORD);
    const username = uniqueName('made.by.owner');
    const created = await cookieGraphql(server.baseUrl, owner, 'mutation($i: CreateUserInput!) { createUser(input: $i) { username name role } }', {
      i: { username, password: PASSWORD, role: 'VIEWER', name: 'Made' },
    });
    expect(created.data).toEqual({ createUser: { username, name: 'Made', role: 'VIEWER' } });
    const listed = await cookieGraphql(server.baseUrl, owner, '{ users { username } callbacks { event } }');
    expect(listed.errors).toBeUndefined();
    expect(listed.data.users.map((user: { username: string }) => user.username)).toContain(username);

    const other = await server.createAccount();
    const stranger = await createUser('viewer', other);
    const refused = await cookieGraphql(server.baseUrl, owner, 'mutation($u: String!) { deleteUser(username: $u) }', { u: stranger });
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const deleted = await cookieGraphql(server.baseUrl, owner, 'mutation($u: String!) { deleteUser(username: $u) }', { u: username });
    expect(deleted.errors).toBeUndefined();
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(401);
  });

  it('answers `me` with null for the API headers', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(account) },
      body: JSON.stringify({ query: '{ me { username } }' }),
    });
    expect(await response.json()).toEqual({ data: { me: null } });
  });
});

describe('POST /admin/accounts with an owner', () => {
  const admin = (body: unknown) =>
    fetch(`${server.baseUrl}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('creates the account and its first owner, who can sign in', async () => {
    const accountName = `acct-${Math.random().toString(36).slice(2, 10)}`;
    const ownerName = uniqueName('first.owner');
    const response = await admin({ username: accountName, owner: { username: ownerName, password: PASSWORD, name: 'First Owner' } });
    expect(response.status).toBe(201);
    expect((await response.json()).owner).toEqual({ username: ownerName, name: 'First Owner', role: 'owner', created_at: expect.any(String) });
    expect((await signIn(server.baseUrl, ownerName, PASSWORD)).body).toEqual({ username: ownerName, name: 'First Owner', role: 'owner', account: accountName });
  });

  it('refuses a bad owner without creating the account', async () => {
    const accountName = `acct-${Math.random().toString(36).slice(2, 10)}`;
    const response = await admin({ username: accountName, owner: { username: uniqueName('o'), password: 'short' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('password');
    expect(await server.app.database.db.collection('accounts').countDocuments({ username: accountName })).toBe(0);
  });
});
