// The account cache (src/accounts/account-cache.ts): an account is read from the database once per TTL, a rotation,
// a settings change or a logo change made through the cache is seen at once, one made on another instance within the TTL (or at once when asked for a
// fresh read, as the authenticator does on a token mismatch). Database reads are counted with the driver's command
// monitoring on the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { CachedAccountStore } from '../../src/accounts/account-cache.js';
import { AccountService } from '../../src/accounts/accounts.js';

let client: MongoClient;
let db: Db;
let accountReads = 0;

beforeAll(async () => {
  client = await MongoClient.connect(inject('mongoUrl'), { monitorCommands: true });
  client.on('commandStarted', (event) => {
    if (event.commandName === 'find' && (event.command as { find?: string }).find === 'accounts') accountReads += 1;
  });
  db = client.db(uniqueDatabaseName('account_cache'));
  await new CachedAccountStore(db).ensureIndexes();
});

afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

describe('the account cache', () => {
  it('reads an account once per TTL, and again when a fresh read is asked for', async () => {
    let now = 1_000_000;
    const store = new CachedAccountStore(db, 5_000, () => now);
    const created = await new AccountService(store).create({ username: 'cached-reads' });
    const before = accountReads;
    for (let read = 0; read < 20; read += 1) expect((await store.findByApiKey(created.api_key))?.username).toBe('cached-reads');
    expect(accountReads - before).toBe(1);
    now += 4_999;
    await store.findByApiKey(created.api_key);
    expect(accountReads - before).toBe(1);
    now += 1;
    await store.findByApiKey(created.api_key);
    expect(accountReads - before).toBe(2);
    await store.findByApiKey(created.api_key, { fresh: true });
    expect(accountReads - before).toBe(3);
    // An unknown key is not remembered as missing: the account may be created a moment later.
    expect(await store.findByApiKey('no-such-key')).toBeNull();
    expect(await store.findByApiKey('no-such-key')).toBeNull();
    expect(accountReads - before).toBe(5);
  });

  it('sees a rotation made through it at once, and one made on another instance within the TTL', async () => {
    let now = 5_000_000;
    const here = new CachedAccountStore(db, 5_000, () => now);
    const elsewhere = new CachedAccountStore(db, 5_000, () => now);
    const service = new AccountService(here);
    const created = await service.create({ username: 'cached-rotation' });
    expect((await here.findByApiKey(created.api_key))?.apiSecret).toBe(created.api_secret);
    expect((await elsewhere.findByApiKey(created.api_key))?.apiSecret).toBe(created.api_secret);

    const rotated = await service.rotateSecret('cached-rotation');
    expect(rotated.api_secret).not.toBe(created.api_secret);
    // This instance dropped its entry on the write.
    expect((await here.findByApiKey(created.api_key))?.apiSecret).toBe(rotated.api_secret);
    // The other instance still holds the old account until its entry is older than the TTL...
    now += 4_000;
    expect((await elsewhere.findByApiKey(created.api_key))?.apiSecret).toBe(created.api_secret);
    // ...or until asked for a fresh read.
    expect((await elsewhere.findByApiKey(created.api_key, { fresh: true }))?.apiSecret).toBe(rotated.api_secret);
    const third = new CachedAccountStore(db, 5_000, () => now);
    expect((await third.findByApiKey(created.api_key))?.apiSecret).toBe(rotated.api_secret);
    now += 5_000;
    await service.rotateSecret('cached-rotation');
    const latest = (await db.collection('accounts').findOne({ api_key: created.api_key }))?.api_secret;
    expect((await third.findByApiKey(created.api_key))?.apiSecret).toBe(latest);
  });

  it("sees a settings change and a logo change made through it at once (the owner's PATCH /v1/account, the logo)", async () => {
    let now = 9_000_000;
    const store = new CachedAccountStore(db, 5_000, () => now);
    const service = new AccountService(store);
    const created = await service.create({ username: 'cached-settings' });
    expect((await store.findByApiKey(created.api_key))?.displayName).toBe('cached-settings');
    const account = await store.findByApiKey(created.api_key);
    await service.updateOwn(account as NonNullable<typeof account>, { display_name: 'Changed Motors' });
    now += 1;
    expect((await store.findByApiKey(created.api_key))?.displayName).toBe('Changed Motors');
    const logo = { token: 't'.repeat(32), fileKey: 'logos/x/t.png', mimeType: 'image/png' as const, width: 10, height: 10, updatedAt: new Date(now) };
    expect(await store.replaceLogo(account as NonNullable<typeof account>, null, logo, new Date(now))).toBe(true);
    expect((await store.findByApiKey(created.api_key))?.logo?.token).toBe(logo.token);
    // A replacement that names a logo the account no longer has changes nothing.
    expect(await store.replaceLogo(account as NonNullable<typeof account>, 'another-token', null, new Date(now))).toBe(false);
    expect((await store.findByApiKey(created.api_key))?.logo?.token).toBe(logo.token);
  });
});
