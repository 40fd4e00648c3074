// The account's settings by the owner (docs/staff.md "Account settings by the owner"): GET and PATCH /v1/account with the
// API headers, GraphQL accountSettings and updateAccountSettings for signed-in people by role, the logo (PUT and DELETE
// /v1/account/logo, by API headers or an owner's cookie; re-encoded, served at a public URL that changes with each
// upload) on the capture page's brand and in the report, tenant isolation, and bad input refused with nothing kept.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { cookieGraphql, signedInAs } from '../support/sign-in.js';
import { graphqlRequest } from '../support/graphql.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { makeGif, makeLogo, makeNonImage, makePngBomb, makeScene } from '../support/images.js';

const PASSWORD = 'a-long-account-password';
const SETTINGS_KEYS = [
  'brand_color',
  'default_language',
  'default_theme',
  'display_name',
  'expiration_hours',
  'has_logo',
  'notification_emails',
  'redirect_url',
  'review_mode',
  'username',
];
const SETTINGS_QUERY = `{ accountSettings { username displayName brandColor defaultLanguage defaultTheme expirationHours reviewMode
  redirectUrl notificationEmails hasLogo logoUrl } }`;
const UPDATE = 'mutation($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { displayName brandColor reviewMode defaultLanguage } }';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

let people = 0;
/** A person of `account` with `role`, signed in: their cookie. */
async function personOf(account: TestAccount, role: 'owner' | 'inspector' | 'viewer'): Promise<string> {
  const username = `${role}-${(people += 1)}-${account.username}`.slice(0, 60);
  expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: PASSWORD, role })).status).toBe(201);
  return signedInAs(server.baseUrl, username, PASSWORD);
}

const settingsOf = async (account: TestAccount) => (await apiRequest(server.baseUrl, account, 'GET', '/v1/account')).body;

/** PUT /v1/account/logo with the API headers (or `headers` alone, e.g. a cookie), the image as the body. */
async function putLogo(account: TestAccount | null, bytes: Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/v1/account/logo`, {
    method: 'PUT',
    headers: { ...(account ? signRequestHeaders(account) : {}), 'content-type': 'image/png', ...headers },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function logoUrlOf(account: TestAccount): Promise<string | null> {
  return (await graphqlRequest(server.baseUrl, { account }, SETTINGS_QUERY)).data.accountSettings.logoUrl;
}

describe('GET and PATCH /v1/account', () => {
  it('answers the settings, changes what is given, and the next request (and the next session) sees the change at once', async () => {
    const account = await server.createAccount();
    const initial = await apiRequest(server.baseUrl, account, 'GET', '/v1/account');
    expect(initial.status).toBe(200);
    expect(Object.keys(initial.body).sort()).toEqual(SETTINGS_KEYS);
    expect(initial.body).toEqual({
      username: account.username,
      display_name: account.username,
      brand_color: null,
      default_language: 'en',
      default_theme: 'PRO',
      expiration_hours: 72,
      review_mode: 'auto',
      redirect_url: null,
      notification_emails: [],
      has_logo: false,
    });

    const change = {
      display_name: 'Acme Motors',
      brand_color: '#0B5FFF',
      default_language: 'es',
      default_theme: 'LITE',
      expiration_hours: 48,
      review_mode: 'manual',
      redirect_url: 'https://acme.example/thanks',
      notification_emails: ['Desk@Acme.example', 'desk@acme.example', 'lead@acme.example'],
    };
    const patched = await apiRequest(server.baseUrl, account, 'PATCH', '/v1/account', change);
    expect(patched.status).toBe(200);
    const expected = {
      ...initial.body,
      ...change,
      brand_color: '#0b5fff',
      notification_emails: ['desk@acme.example', 'lead@acme.example'],
    };
    expect(patched.body).toEqual(expected);
    // Read right after, through the same credential (the account cache dropped its copy on the write).
    expect(await settingsOf(account)).toEqual(expected);
    const session = await createSession(server.baseUrl, account);
    const created = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`);
    expect(created.body).toMatchObject({ language: 'es', theme: 'LITE' });

    // null clears the colour and the redirect; one field leaves the others as they are.
    const cleared = await apiRequest(server.baseUrl, account, 'PATCH', '/v1/account', { brand_color: null, redirect_url: null });
    expect(cleared.body).toEqual({ ...expected, brand_color: null, redirect_url: null });
    // The operator's admin API sees the same account.
    const listed = await fetch(`${server.baseUrl}/admin/accounts`, { headers: { authorization: 'Bearer test-admin-token-0123456789' } });
    const mine = ((await listed.json()) as { data: Record<string, unknown>[] }).data.find((entry) => entry.username === account.username);
    expect(mine).toMatchObject({ display_name: 'Acme Motors', review_mode: 'manual', default_language: 'es', brand_color: null });
  });

  it('refuses bad input with a 400 that names the problem, and changes nothing', async () => {
    const account = await server.createAccount();
    await apiRequest(server.baseUrl, account, 'PATCH', '/v1/account', { display_name: 'Before', brand_color: '#112233' });
    const before = await settingsOf(account);
    const cases: [unknown, RegExp][] = [
      [{ brand_color: 'blue' }, /brand_color.*#rrggbb/],
      [{ brand_color: '#12345' }, /brand_color/],
      [{ default_language: 'it' }, /default_language must be one of en, es, fr, de, pt/],
      [{ notification_emails: ['not-an-address'] }, /notification_emails/],
      [{ notification_emails: 'desk@acme.example' }, /notification_emails/],
      [{ notification_emails: Array.from({ length: 11 }, (_, index) => `p${index}@acme.example`) }, /at most 10/],
      [{ review_mode: 'sometimes' }, /review_mode must be manual or auto/],
      [{ default_theme: 'GOLD' }, /default_theme must be one of PRO, LITE, CAPT/],
      [{ expiration_hours: 0 }, /expiration_hours/],
      [{ expiration_hours: '12' }, /expiration_hours/],
      [{ expiration_hours: 10_000 }, /expiration_hours/],
      [{ redirect_url: 'ftp://acme.example' }, /redirect_url must be an absolute http\(s\) URL/],
      [{ display_name: '' }, /display_name/],
      [{ display_name: null }, /display_name/],
      [{ username: 'someone-else' }, /Unknown field username\. Use expiration_hours, .*notification_emails/],
      [{ has_logo: true }, /Unknown field has_logo/],
      [{ display_name: 'After', api_secret: 'x' }, /Unknown field api_secret/],
      [{}, /at least one setting/],
      [[], /JSON object/],
      ['"text"', /JSON object/],
      ['{"display_name": ', /Malformed JSON/],
    ];
    for (const [body, message] of cases) {
      const answer = await apiRequest(server.baseUrl, account, 'PATCH', '/v1/account', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await settingsOf(account)).toEqual(before);
  });

  it('refuses a request without valid API headers (403) and a capture token in GraphQL', async () => {
    const account = await server.createAccount();
    const unsigned = await fetch(`${server.baseUrl}/v1/account`, { method: 'PATCH', body: '{"display_name":"x"}' });
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as { error: string }).error).toMatch(/^Invalid API /);
    const session = await createSession(server.baseUrl, account);
    const guest = await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, UPDATE, { input: { displayName: 'Guest' } });
    expect(guest.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await settingsOf(account)).display_name).toBe(account.username);
  });
});

describe('GraphQL accountSettings and updateAccountSettings', () => {
  it('lets every role read the settings, only an owner (or the API headers) change them, and reports bad values as BAD_REQUEST', async () => {
    const account = await server.createAccount();
    const [owner, inspector, viewer] = [await personOf(account, 'owner'), await personOf(account, 'inspector'), await personOf(account, 'viewer')];

    for (const cookie of [owner, inspector, viewer]) {
      const read = await cookieGraphql(server.baseUrl, cookie, SETTINGS_QUERY);
      expect(read.errors).toBeUndefined();
      expect(read.data.accountSettings).toMatchObject({ username: account.username, hasLogo: false, logoUrl: null, reviewMode: 'auto' });
    }

    for (const cookie of [inspector, viewer]) {
      const refused = await cookieGraphql(server.baseUrl, cookie, UPDATE, { input: { displayName: 'Not allowed' } });
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.errors?.[0]?.message).toMatch(/may not use updateAccountSettings/);
    }
    expect((await settingsOf(account)).display_name).toBe(account.username);

    const changed = await cookieGraphql(server.baseUrl, owner, UPDATE, {
      input: { displayName: 'Owner Motors', brandColor: '#AA3300', reviewMode: 'manual', defaultLanguage: 'de' },
    });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateAccountSettings).toEqual({ displayName: 'Owner Motors', brandColor: '#aa3300', reviewMode: 'manual', defaultLanguage: 'de' });
    expect(await settingsOf(account)).toMatchObject({ display_name: 'Owner Motors', brand_color: '#aa3300', review_mode: 'manual', default_language: 'de' });

    const bad = await cookieGraphql(server.baseUrl, owner, UPDATE, { input: { brandColor: 'red', displayName: 'Ignored' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(bad.errors?.[0]?.message).toMatch(/brand_color must be a colour written #rrggbb/);
    const badEmail = await cookieGraphql(server.baseUrl, owner, UPDATE, { input: { notificationEmails: ['nobody'] } });
    expect(badEmail.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const empty = await cookieGraphql(server.baseUrl, owner, UPDATE, { input: {} });
    expect(empty.errors?.[0]?.message).toMatch(/at least one setting/);
    expect((await settingsOf(account)).display_name).toBe('Owner Motors');

    // null clears, as in REST; the API headers may change the settings through GraphQL too.
    const viaApi = await graphqlRequest(server.baseUrl, { account }, UPDATE, { input: { brandColor: null, displayName: 'By API' } });
    expect(viaApi.data.updateAccountSettings).toMatchObject({ displayName: 'By API', brandColor: null });
  });

  it("keeps each account's owner to their own account", async () => {
    const [mine, theirs] = [await server.createAccount(), await server.createAccount()];
    const theirOwner = await personOf(theirs, 'owner');
    const before = await settingsOf(mine);
    const changed = await cookieGraphql(server.baseUrl, theirOwner, UPDATE, { input: { displayName: 'Their Motors' } });
    expect(changed.data.updateAccountSettings.displayName).toBe('Their Motors');
    expect((await cookieGraphql(server.baseUrl, theirOwner, SETTINGS_QUERY)).data.accountSettings.username).toBe(theirs.username);
    expect(await putLogo(null, await makeLogo(), { cookie: theirOwner, 'graphql-require-preflight': '1' })).toMatchObject({ status: 200 });
    expect(await settingsOf(mine)).toEqual(before);
    expect((await settingsOf(theirs)).has_logo).toBe(true);
  });
});

describe('the logo', () => {
  it('is re-encoded within bounds without its metadata, served at a public cacheable URL, and replaced and removed', async () => {
    const account = await server.createAccount(undefined, { display_name: 'Logo Motors' });
    const png = await makeLogo({ width: 1200, height: 400, comment: 'secret-metadata-note' });
    const put = await putLogo(account, png);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ username: account.username, has_logo: true });
    const url = (await logoUrlOf(account)) as string;
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/logos/[A-Za-z0-9_-]{32}\\.png$`));
    expect(url).not.toContain(account.username);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 480, height: 160, hasAlpha: true });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes('secret-metadata-note')).toBe(false);

    // A JPEG replaces it: a new URL; the old one no longer serves anything.
    const jpeg = await putLogo(account, await makeLogo({ width: 300, height: 100, format: 'jpeg', comment: 'another-note' }), { 'content-type': 'image/jpeg' });
    expect(jpeg.status).toBe(200);
    const jpegUrl = (await logoUrlOf(account)) as string;
    expect(jpegUrl).toMatch(/\.jpg$/);
    expect((await fetch(url)).status).toBe(404);
    const jpegServed = Buffer.from(await (await fetch(jpegUrl)).arrayBuffer());
    expect(await sharp(jpegServed).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 100 });
    expect(jpegServed.includes('another-note')).toBe(false);
    // A name that is not a logo's, or another type's extension for the same token, finds nothing.
    expect((await fetch(jpegUrl.replace(/\.jpg$/, '.png'))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/logos/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);

    const removed = await apiRequest(server.baseUrl, account, 'DELETE', '/v1/account/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.has_logo).toBe(false);
    expect(await logoUrlOf(account)).toBeNull();
    expect((await fetch(jpegUrl)).status).toBe(404);
    // Removing none is no error.
    expect((await apiRequest(server.baseUrl, account, 'DELETE', '/v1/account/logo')).body.has_logo).toBe(false);
  });

  it('refuses anything but a PNG or JPEG of at most 256 KB with a 400, keeping the logo it had', async () => {
    const account = await server.createAccount();
    expect((await putLogo(account, await makeLogo())).status).toBe(200);
    const kept = await logoUrlOf(account);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const tooBig = await makeScene({ width: 1600, height: 1200, format: 'png' });
    expect(tooBig.length).toBeGreaterThan(256 * 1024);
    const cases: [string, Buffer, RegExp][] = [
      ['an SVG', svg, /PNG or JPEG/],
      ['a GIF', await makeGif(), /PNG or JPEG/],
      ['a WebP', await makeScene({ width: 320, height: 240, format: 'webp' }), /PNG or JPEG/],
      ['a PDF', await makeNonImage({ kind: 'pdf' }), /PNG or JPEG/],
      ['random bytes', await makeNonImage(), /PNG or JPEG/],
      ['a PNG over 256 KB', tooBig, /at most 256 KB/],
      ['5 MB', Buffer.concat([await makeLogo(), Buffer.alloc(5 * 1024 * 1024)]), /at most 256 KB/],
      ['a truncated PNG', (await makeLogo()).subarray(0, 400), /could not be read/],
      ['a decompression bomb', await makePngBomb(), /at most 4096 × 4096 pixels/],
      ['nothing', Buffer.alloc(0), /request body/],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await putLogo(account, bytes);
      expect(answer.status, name).toBe(400);
      expect(answer.body.message, name).toMatch(message);
    }
    expect(await logoUrlOf(account)).toBe(kept);
    expect((await fetch(kept as string)).status).toBe(200);
  });

  it("takes an owner's cookie (with the preflight header), refuses a cross-site write, other roles and an ended sign-in", async () => {
    const account = await server.createAccount();
    const [owner, inspector] = [await personOf(account, 'owner'), await personOf(account, 'inspector')];
    const logo = await makeLogo({ color: '#aa3300' });

    const crossSite = await putLogo(null, logo, { cookie: owner });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toMatch(/graphql-require-preflight/);
    const byInspector = await putLogo(null, logo, { cookie: inspector, 'graphql-require-preflight': '1' });
    expect(byInspector.status).toBe(403);
    expect(byInspector.body.message).toMatch(/inspector role may not change the account's logo/);
    expect((await settingsOf(account)).has_logo).toBe(false);

    const byOwner = await putLogo(null, logo, { cookie: owner, 'graphql-require-preflight': '1' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.has_logo).toBe(true);
    const remove = (cookie: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}/v1/account/logo`, { method: 'DELETE', headers: { cookie, ...headers } });
    expect((await remove(owner)).status).toBe(403);
    expect((await remove(inspector, { 'graphql-require-preflight': '1' })).status).toBe(403);
    expect((await settingsOf(account)).has_logo).toBe(true);
    expect((await remove(owner, { 'graphql-require-preflight': '1' })).status).toBe(200);
    expect((await settingsOf(account)).has_logo).toBe(false);

    await fetch(`${server.baseUrl}/auth/logout`, { method: 'POST', headers: { cookie: owner, 'content-type': 'application/json' }, body: '{}' });
    expect((await putLogo(null, logo, { cookie: owner, 'graphql-require-preflight': '1' })).status).toBe(401);
    expect((await settingsOf(account)).has_logo).toBe(false);
  });

  it('is uploaded by an owner through GraphQL multipart with the API headers, and refused to an inspector', async () => {
    const account = await server.createAccount();
    const upload = async (headers: Record<string, string>, bytes: Buffer) => {
      const form = new FormData();
      form.set(
        'operations',
        JSON.stringify({ query: 'mutation($file: File!) { setAccountLogo(file: $file) { hasLogo logoUrl } }', variables: { file: null } }),
      );
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([new Uint8Array(bytes)]), 'logo.png');
      return (await (await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers, body: form })).json()) as { data?: any; errors?: any[] };
    };
    const done = await upload(signRequestHeaders(account), await makeLogo());
    expect(done.data.setAccountLogo).toMatchObject({ hasLogo: true, logoUrl: expect.stringMatching(/\/logos\/.+\.png$/) });
    const refused = await upload(signRequestHeaders(account), Buffer.from('<svg/>'));
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const removed = await graphqlRequest(server.baseUrl, { account }, 'mutation { removeAccountLogo { hasLogo logoUrl } }');
    expect(removed.data.removeAccountLogo).toEqual({ hasLogo: false, logoUrl: null });
    const inspector = await personOf(account, 'inspector');
    const denied = await cookieGraphql(server.baseUrl, inspector, 'mutation { removeAccountLogo { hasLogo } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('appears on the capture page brand and in the report page and PDF', async () => {
    const account = await server.createAccount(undefined, { display_name: 'Report Motors', brand_color: '#224466' });
    expect((await putLogo(account, await makeLogo({ width: 300, height: 100 }))).status).toBe(200);
    const url = (await logoUrlOf(account)) as string;
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { make: 'Skoda', model: 'Octavia' } });
    const brand = await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'query($k: String!) { inspectionSession(sessionKey: $k) { brand { name color logoUrl } } }',
      {
        k: session.sessionKey,
      },
    );
    expect(brand.data.inspectionSession.brand).toEqual({ name: 'Report Motors', color: '#224466', logoUrl: url });

    await completeSession(server.baseUrl, session);
    const html = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/report`);
    // Decorative (an empty alt): the display name beside it says whose it is.
    expect(html.body).toContain(`<header class="brand"><img class="logo" src="${url}" alt/><span>Report Motors</span></header>`);
    const guest = await fetch(`${server.baseUrl}/capture/${session.sessionKey}/report`, { headers: { 'capture-token': session.captureToken } });
    expect(await guest.text()).toContain(`src="${url}"`);
    const pdf = await fetch(`${server.baseUrl}/v1/sessions/${session.sessionKey}/report.pdf`, { headers: signRequestHeaders(account) });
    const source = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    // The logo (300 × 100, no photo has that size) is embedded as an image of the PDF.
    expect(source).toMatch(
      /\/Subtype \/Image[\s\S]{0,200}\/Width 300[\s\S]{0,100}\/Height 100|\/Width 300[\s\S]{0,200}\/Height 100[\s\S]{0,200}\/Subtype \/Image/,
    );
  }, 120_000);
});
