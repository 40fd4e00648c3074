// Changing the account's people end to end (docs/staff.md "People"): PATCH /v1/users/:username and GraphQL
// updateUser (role, name, a password set by the owner), POST /auth/password (one's own password), the other sign-ins
// a new password ends, and the account's last owner, who is neither removed nor demoted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { cookieGraphql, me, signIn, signedInAs } from '../support/sign-in.js';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const UPDATE_USER = 'mutation($u: String!, $i: UpdateUserInput!) { updateUser(username: $u, input: $i) { username name role } }';
const DELETE_USER = 'mutation($u: String!) { deleteUser(username: $u) }';

let server: TestServer;
let counter = 0;
const uniqueName = (prefix: string) => `${prefix}.${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const api = (account: TestAccount, method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);

async function createUser(account: TestAccount, role: 'owner' | 'inspector' | 'viewer', name?: string): Promise<string> {
  const username = uniqueName(role);
  expect((await api(account, 'POST', '/v1/users', { username, password: PASSWORD, role, ...(name ? { name } : {}) })).status).toBe(201);
  return username;
}

async function userOf(account: TestAccount, username: string) {
  return (await api(account, 'GET', '/v1/users')).body.data.find((user: { username: string }) => user.username === username);
}

function changePassword(cookie: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return fetch(`${server.baseUrl}/auth/password`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify(body) });
}

describe('PATCH /v1/users/:username', () => {
  it('changes the role and the name; a bad change is a 400 naming the field and changes nothing', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'viewer', 'Jane Doe');
    const before = await userOf(account, username);

    const changed = await api(account, 'PATCH', `/v1/users/${username}`, { role: 'inspector', name: '  Jane Smith  ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...before, role: 'inspector', name: 'Jane Smith' });
    expect(await userOf(account, username)).toEqual(changed.body);
    expect((await signIn(server.baseUrl, username, PASSWORD)).body.role).toBe('inspector');

    const cases: [unknown, string][] = [
      [{}, 'at least one'],
      [{ role: 'admin' }, 'role'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ password: 'eleven-char' }, 'password'],
      [{ name: 'Fine', password: 'short' }, 'password'],
      [{ username: 'renamed' }, 'username'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(account, 'PATCH', `/v1/users/${username}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toContain(field);
    }
    expect(await userOf(account, username)).toEqual(changed.body);
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(200);
  });

  it("answers 404 for an unknown user and for another account's user, changing nothing", async () => {
    const account = await server.createAccount();
    const other = await server.createAccount();
    const username = await createUser(account, 'viewer');
    expect((await api(account, 'PATCH', `/v1/users/${uniqueName('nobody')}`, { name: 'X' })).status).toBe(404);
    expect((await api(other, 'PATCH', `/v1/users/${username}`, { role: 'owner', password: NEW_PASSWORD })).status).toBe(404);
    expect((await userOf(account, username)).role).toBe('viewer');
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(200);
  });

  it('sets a new password that ends every sign-in of the user at once; a colleague stays signed in', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'inspector');
    const first = await signedInAs(server.baseUrl, username, PASSWORD);
    const second = await signedInAs(server.baseUrl, username, PASSWORD);
    const colleague = await signedInAs(server.baseUrl, await createUser(account, 'viewer'), PASSWORD);

    const changed = await api(account, 'PATCH', `/v1/users/${username}`, { password: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toContain(NEW_PASSWORD);
    expect((await me(server.baseUrl, first)).status).toBe(401);
    expect((await me(server.baseUrl, second)).status).toBe(401);
    expect((await me(server.baseUrl, colleague)).status).toBe(200);
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(401);
    expect((await signIn(server.baseUrl, username, NEW_PASSWORD)).status).toBe(200);
  });

  it('keeps the role and the sign-ins when only the role or the name changes', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'inspector');
    const cookie = await signedInAs(server.baseUrl, username, PASSWORD);
    expect((await api(account, 'PATCH', `/v1/users/${username}`, { role: 'viewer', name: 'Renamed' })).status).toBe(200);
    // The role is read at each request: the same sign-in now has the viewer's rights.
    expect((await me(server.baseUrl, cookie)).body).toMatchObject({ username, role: 'viewer', name: 'Renamed' });
    const note = await cookieGraphql(server.baseUrl, cookie, 'mutation { addNote(sessionKey: "XKT-7Q2M9D4B1A", title: "t", description: "d") { title } }');
    expect(note.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the last owner', () => {
  it('is neither demoted nor removed (409, nothing changed), over REST and GraphQL; with a second owner both work', async () => {
    const account = await server.createAccount();
    const owner = await createUser(account, 'owner');
    const cookie = await signedInAs(server.baseUrl, owner, PASSWORD);

    const demoted = await api(account, 'PATCH', `/v1/users/${owner}`, { role: 'inspector' });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ message: expect.stringContaining('last owner'), request_id: expect.any(String) });
    const removed = await api(account, 'DELETE', `/v1/users/${owner}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toContain('last owner');
    const selfDemoted = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: owner, i: { role: 'VIEWER' } });
    expect(selfDemoted.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(selfDemoted.errors?.[0]?.message).toContain('last owner');
    const selfRemoved = await cookieGraphql(server.baseUrl, cookie, DELETE_USER, { u: owner });
    expect(selfRemoved.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await userOf(account, owner)).role).toBe('owner');
    expect((await me(server.baseUrl, cookie)).status).toBe(200);
    // Keeping the owner an owner, or changing its name, is no demotion.
    expect((await api(account, 'PATCH', `/v1/users/${owner}`, { role: 'owner', name: 'Still the owner' })).status).toBe(200);

    // With a second owner, the first may be demoted; then the second is the last one.
    const second = await createUser(account, 'owner');
    const demotedNow = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: owner, i: { role: 'INSPECTOR' } });
    expect(demotedNow.data).toEqual({ updateUser: { username: owner, name: 'Still the owner', role: 'INSPECTOR' } });
    expect((await api(account, 'DELETE', `/v1/users/${second}`)).status).toBe(409);
    expect((await api(account, 'PATCH', `/v1/users/${owner}`, { role: 'owner' })).status).toBe(200);
    expect((await api(account, 'DELETE', `/v1/users/${second}`)).status).toBe(200);
  });

  it('is kept when two owners demote each other at once', async () => {
    const account = await server.createAccount();
    const [first, second] = [await createUser(account, 'owner'), await createUser(account, 'owner')];
    const answers = await Promise.all([
      api(account, 'PATCH', `/v1/users/${first}`, { role: 'viewer' }),
      api(account, 'PATCH', `/v1/users/${second}`, { role: 'viewer' }),
    ]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    const roles = [(await userOf(account, first)).role, (await userOf(account, second)).role];
    expect(roles).toContain('owner');
  });
});

describe('POST /auth/password', () => {
  it('changes the signed-in user’s password: the other sign-ins end, this one goes on', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'viewer');
    const current = await signedInAs(server.baseUrl, username, PASSWORD);
    const other = await signedInAs(server.baseUrl, username, PASSWORD);
    const colleague = await signedInAs(server.baseUrl, await createUser(account, 'viewer'), PASSWORD);

    const changed = await changePassword(current, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.status).toBe(204);
    expect(changed.headers.getSetCookie()).toEqual([]);
    expect((await me(server.baseUrl, other)).status).toBe(401);
    expect((await me(server.baseUrl, current)).status).toBe(200);
    expect((await cookieGraphql(server.baseUrl, current, '{ me { username } }')).data).toEqual({ me: { username } });
    expect((await me(server.baseUrl, colleague)).status).toBe(200);
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(401);
    expect((await signIn(server.baseUrl, username, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password (401), a short new one (400), no sign-in (401) and a cross-site post (403), changing nothing', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'inspector');
    const cookie = await signedInAs(server.baseUrl, username, PASSWORD);
    const other = await signedInAs(server.baseUrl, username, PASSWORD);

    const wrong = await changePassword(cookie, { current_password: 'not the password', new_password: NEW_PASSWORD });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('The current password is wrong.');
    const short = await changePassword(cookie, { current_password: PASSWORD, new_password: 'too-short' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toContain('new_password');
    const missing = await changePassword(cookie, { new_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain('current_password');
    expect((await changePassword('cg_session=not-a-sign-in', { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}] as Record<string, string>[]) {
      expect((await changePassword(cookie, { current_password: PASSWORD, new_password: NEW_PASSWORD }, headers)).status, JSON.stringify(headers)).toBe(403);
    }
    // Still the old password, and both sign-ins last; the wrong attempt left the user signed in.
    expect((await me(server.baseUrl, cookie)).status).toBe(200);
    expect((await me(server.baseUrl, other)).status).toBe(200);
    expect((await signIn(server.baseUrl, username, PASSWORD)).status).toBe(200);
    // With the preflight header (what the dashboard sends) it works.
    const preflighted = await changePassword(cookie, { current_password: PASSWORD, new_password: NEW_PASSWORD }, { 'graphql-require-preflight': '1' });
    expect(preflighted.status).toBe(204);
  });

  it('counts wrong current passwords toward the sign-in throttle (429 after 5)', async () => {
    const account = await server.createAccount();
    const username = await createUser(account, 'viewer');
    const cookie = await signedInAs(server.baseUrl, username, PASSWORD);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await changePassword(cookie, { current_password: `guess number ${attempt}`, new_password: NEW_PASSWORD })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await changePassword(cookie, { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(429);
  });
});

describe('updateUser in GraphQL', () => {
  it('lets an owner change a person; its own new password keeps this sign-in and ends its others', async () => {
    const account = await server.createAccount();
    const owner = await createUser(account, 'owner');
    const cookie = await signedInAs(server.baseUrl, owner, PASSWORD);
    const elsewhere = await signedInAs(server.baseUrl, owner, PASSWORD);
    const person = await createUser(account, 'viewer');
    const personCookie = await signedInAs(server.baseUrl, person, PASSWORD);

    const changed = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: person, i: { role: 'INSPECTOR', name: 'Promoted', password: NEW_PASSWORD } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data).toEqual({ updateUser: { username: person, name: 'Promoted', role: 'INSPECTOR' } });
    expect((await me(server.baseUrl, personCookie)).status).toBe(401);
    expect((await signIn(server.baseUrl, person, NEW_PASSWORD)).body.role).toBe('inspector');

    const bad = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: person, i: { password: 'short' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(bad.errors?.[0]?.message).toContain('password');

    const own = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: owner, i: { password: NEW_PASSWORD } });
    expect(own.errors).toBeUndefined();
    expect((await me(server.baseUrl, cookie)).status).toBe(200);
    expect((await me(server.baseUrl, elsewhere)).status).toBe(401);
  });

  it('refuses inspectors and viewers with FORBIDDEN, changing nothing', async () => {
    const account = await server.createAccount();
    const target = await createUser(account, 'viewer');
    for (const role of ['inspector', 'viewer'] as const) {
      const cookie = await signedInAs(server.baseUrl, await createUser(account, role), PASSWORD);
      const denied = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: target, i: { role: 'OWNER', password: NEW_PASSWORD } });
      expect(denied.errors?.[0]?.extensions?.code, role).toBe('FORBIDDEN');
      expect(denied.data ?? null).toBeNull();
    }
    expect((await userOf(account, target)).role).toBe('viewer');
    expect((await signIn(server.baseUrl, target, PASSWORD)).status).toBe(200);
  });

  it("answers NOT_FOUND for another account's user", async () => {
    const account = await server.createAccount();
    const cookie = await signedInAs(server.baseUrl, await createUser(account, 'owner'), PASSWORD);
    const other = await server.createAccount();
    const stranger = await createUser(other, 'owner');
    const refused = await cookieGraphql(server.baseUrl, cookie, UPDATE_USER, { u: stranger, i: { name: 'Mine now' } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await userOf(other, stranger)).name).toBe(stranger);
  });
});
