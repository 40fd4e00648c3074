// The versioned migrations (src/store/migrations): each runs once per database, under a lease when instances start
// together, and brings documents stored in an older shape to the shape the code reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretFingerprint } from '../../src/auth/api-token.js';
import type { Account } from '../../src/domain/account.js';

import { MIGRATIONS, runMigrations } from '../../src/store/migrations/migrations.js';
import { startInProcess, type InProcess } from '../support/in-process.js';

let env: InProcess;

beforeAll(async () => {
  env = await startInProcess();
});

afterAll(async () => {
  await env?.close();
});

describe('migrations', () => {
  it('have run, once each, when the services start', async () => {
    const records = await env.db.collection('migrations').find().toArray();
    expect(records.map((record) => record._id).sort()).toEqual(MIGRATIONS.map((migration) => migration.id));
    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual([]);
  });

  it('give sessions stored before last activity, completion time and source existed those fields, one instance running them', async () => {
    const account = await env.createAccount();
    const created = await env.services.sessions.create(account, {});
    const completed = await env.services.sessions.create(account, {});
    const fromDashboard = await env.services.sessions.create(account, {}, { source: 'dashboard', key: { apiKey: account.apiKey, mode: 'live' } });
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    const completedUpdate = new Date('2026-01-02T03:04:05Z');
    await sessions.updateOne({ _id: created.key }, { $unset: { last_activity_at: '', completed_at: '', source: '', created_with_key: '', test: '' } });
    await sessions.updateOne({ _id: completed.key }, { $set: { status: 'COMPLETE', updated_at: completedUpdate }, $unset: { completed_at: '' } });
    await env.db.collection('migrations').deleteMany({});

    const [first, second] = await Promise.all([runMigrations(env.db, env.services.stores.leases, {}), runMigrations(env.db, env.services.stores.leases, {})]);
    expect([...first, ...second].sort()).toEqual(MIGRATIONS.map((migration) => migration.id));

    const plain = await env.services.stores.sessions.findByKey(created.key);
    expect(plain?.lastActivityAt).toEqual(plain?.updatedAt);
    expect(plain?.completedAt).toBeNull();
    expect(plain?.source).toBe('api');
    expect(plain).toMatchObject({ createdWithKey: account.apiKey, test: false });
    expect((await env.services.stores.sessions.findByKey(fromDashboard.key))?.source).toBe('dashboard');
    const done = await env.services.stores.sessions.findByKey(completed.key);
    expect(done?.completedAt).toEqual(completedUpdate);
    expect(env.services.sessions.captureTokenAccess(done!)).toBe('expired');
  });

  it('give sessions stored before the search existed the words it finds them by', async () => {
    const account = await env.createAccount();
    const created = await env.services.sessions.create(account, {
      session: { client_id: 'lot-7', contact: { name: 'Dana Buyer' }, reference: { stock: 'STK-1' } },
      vehicle: { vin: '1HGCM82633A004352' },
    });
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: created.key }, { $unset: { search_terms: '' } });
    await env.db.collection('migrations').deleteOne({ _id: '004-session-search-terms' as never });

    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['004-session-search-terms']);
    const migrated = await env.services.stores.sessions.findByKey(created.key);
    expect(migrated?.searchTerms).toEqual([created.key, '1HGCM82633A004352', 'lot-7', 'STK-1', 'Dana Buyer']);
    expect((await env.services.sessions.search(account, { q: 'stk-1' })).sessions.map((session) => session.key)).toEqual([created.key]);
  });

  it('number the report of results stored before review revisions existed as revision 1', async () => {
    const account = await env.createAccount();
    const [old, unreported] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const report = {
      url: 'https://capture.example.com/reports/t',
      pdf_url: 'https://capture.example.com/reports/t.pdf',
      expires_at: '2026-12-01T00:00:00.000+00:00',
    };
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: old.key }, { $set: { status: 'COMPLETE', results: { event: 'SESSION:COMPLETE', report } } });
    await sessions.updateOne({ _id: unreported.key }, { $set: { status: 'COMPLETE', results: { event: 'SESSION:COMPLETE', report: null } } });
    await env.db.collection('migrations').deleteOne({ _id: '006-report-revision' as never });

    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['006-report-revision']);
    expect((await env.services.stores.sessions.findByKey(old.key))?.results?.report).toEqual({ ...report, revision: 1 });
    expect((await env.services.stores.sessions.findByKey(unreported.key))?.results?.report).toBeNull();
  });

  it('give damage records, accounts, callbacks and captures stored before their later fields existed the values they behaved with', async () => {
    const account = await env.createAccount();
    const { key: sessionKey } = await env.services.sessions.create(account, {});
    const now = new Date();
    const damages = env.db.collection('damages');
    await damages.insertOne({
      session_key: sessionKey,
      api_key: account.apiKey,
      item: 'Hood',
      damage: 'Dent',
      grade: 2,
      photo_code: 4,
      source: 'manual',
      created_at: now,
    });
    const accounts = env.db.collection('accounts');
    const fields = ['review_mode', 'display_name', 'brand_color', 'default_language', 'notification_emails', 'logo'];
    await accounts.updateOne({ api_key: account.apiKey }, { $unset: Object.fromEntries(fields.map((field) => [field, ''])) });
    const callbacks = env.db.collection('callbacks');
    const callback = {
      api_key: account.apiKey,
      url: 'https://receiver.example.com/hook',
      method: 'POST',
      headers: {},
      payload: {},
      secrets: [],
      created_at: now,
      updated_at: now,
    };
    await callbacks.insertMany([
      { ...callback, event: 'SESSION:COMPLETE', active: false },
      { ...callback, event: 'SESSION:STATUS_CHANGE', active: true },
    ]);
    const captures = env.db.collection('captures');
    await captures.insertOne({
      _id: 'old-capture' as never,
      session_key: sessionKey,
      api_key: account.apiKey,
      photo_code: 4,
      approved: false,
      reason: 'Too dark',
      created_at: now,
    });
    const ids = ['007-damage-record-fields', '008-account-settings', '009-callback-state', '010-capture-checks'];
    await env.db.collection('migrations').deleteMany({ _id: { $in: ids as never[] } });

    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(ids);
    const [record] = await env.services.stores.damages.listForSession(account.apiKey, sessionKey);
    expect(record).toMatchObject({ damageType: 'Dent', status: 'accepted', region: null, damageId: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect(await accounts.findOne({ api_key: account.apiKey })).toMatchObject({
      review_mode: 'manual',
      display_name: account.username,
      brand_color: null,
      default_language: 'en',
      notification_emails: [],
      logo: null,
    });
    const [complete, statusChange] = [
      await callbacks.findOne({ event: 'SESSION:COMPLETE', api_key: account.apiKey }),
      await callbacks.findOne({ event: 'SESSION:STATUS_CHANGE', api_key: account.apiKey }),
    ];
    expect(complete).toMatchObject({ disabled_reason: expect.stringContaining('410'), failing_since: null });
    expect(statusChange).toMatchObject({ disabled_reason: null, failing_since: null });
    expect(await captures.findOne({ _id: 'old-capture' as never })).toMatchObject({
      rejection_code: null,
      decoded_vin: null,
      vehicle_check: null,
      vehicle_box: null,
    });
    // Running them again changes nothing.
    await env.db.collection('migrations').deleteMany({ _id: { $in: ids as never[] } });
    await runMigrations(env.db, env.services.stores.leases, {});
    expect((await env.services.stores.damages.listForSession(account.apiKey, sessionKey))[0]?.damageId).toBe(record?.damageId);
  });

  it('give captures, sessions and results stored before the odometer reading its fields, empty', async () => {
    const account = await env.createAccount();
    const [open, done] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    const captures = env.db.collection<{ _id: string; session_key?: string; photo_code?: number }>('captures');
    await sessions.updateOne({ _id: open.key }, { $unset: { captured_odometer: '' } });
    await sessions.updateOne(
      { _id: done.key },
      { $set: { status: 'COMPLETE', results: { event: 'SESSION:COMPLETE', vehicle: { odom_reading: 48000 } } }, $unset: { captured_odometer: '' } },
    );
    await captures.insertOne({ _id: 'old-cluster-capture', session_key: open.key, photo_code: 3 });
    await env.db.collection('migrations').deleteOne({ _id: '011-odometer-fields' as never });

    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['011-odometer-fields']);
    expect((await env.services.stores.sessions.findByKey(open.key))?.capturedOdometer).toBeNull();
    const completed = await env.services.stores.sessions.findByKey(done.key);
    expect(completed?.capturedOdometer).toBeNull();
    expect(completed?.results?.vehicle).toEqual({ odom_reading: 48000, odom_captured: null, odom_match: null });
    expect(await captures.findOne({ _id: 'old-cluster-capture' })).toMatchObject({ odometer_suggested: null });
  });
  it('give accounts stored with a default theme that is none of the themes, or none, the theme they behaved with (PRO)', async () => {
    const [unknown, missing, lite] = [await env.createAccount(), await env.createAccount(), await env.createAccount({ default_theme: 'LITE' })];
    const accounts = env.db.collection('accounts');
    await accounts.updateOne({ api_key: unknown.apiKey }, { $set: { default_theme: 'STANDARD' } });
    await accounts.updateOne({ api_key: missing.apiKey }, { $unset: { default_theme: '' } });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '012-account-default-theme' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['012-account-default-theme']);
    }
    // Read afresh (by username): the store keeps accounts looked up by API key for a few seconds.
    const read = async (account: Account) => env.services.stores.accounts.findByUsername(account.username);
    expect((await read(unknown))?.defaultTheme).toBe('PRO');
    expect((await read(missing))?.defaultTheme).toBe('PRO');
    expect((await read(lite))?.defaultTheme).toBe('LITE');
    const migrated = await read(unknown);
    expect((await env.services.sessions.create(migrated!, {})).theme).toBe('PRO');
  });
  it('give sessions stored before the caps their counters from the notes, manual damage records and uploads they hold', async () => {
    const account = await env.createAccount();
    const [busy, empty] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    for (const title of ['one', 'two']) await env.services.sessions.addNote(account, busy.key, { title, description: 'old' });
    await env.services.sessions.addDamage(account, busy.key, { item: 'Hood', damage: 'Dent', grade: 2 }, account.username);
    const now = new Date();
    const stored = { api_key: account.apiKey, session_key: busy.key, created_at: now };
    await env.db.collection('damages').insertOne({ ...stored, item: 'Door', damage_type: 'Scratch', source: 'detector' });
    await env.db.collection('captures').insertMany([
      { ...stored, _id: 'counted-1' as never, photo_code: 4, approved: true },
      { ...stored, _id: 'counted-2' as never, photo_code: 4, approved: false },
      { ...stored, _id: 'counted-3' as never, photo_code: 5, approved: true },
    ]);
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateMany({ _id: { $in: [busy.key, empty.key] } }, { $unset: { notes_count: '', damages_count: '', capture_count: '' } });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '013-session-counters' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['013-session-counters']);
    }
    expect(await sessions.findOne({ _id: busy.key })).toMatchObject({ notes_count: 2, damages_count: 1, capture_count: 3 });
    expect(await sessions.findOne({ _id: empty.key })).toMatchObject({ notes_count: 0, damages_count: 0, capture_count: 0 });
  });

  it('give captures stored before their photo keys null keys, which serve nothing', async () => {
    const account = await env.createAccount();
    const { key: sessionKey } = await env.services.sessions.create(account, {});
    const captures = env.db.collection<Record<string, unknown> & { _id: string }>('captures');
    const kept = { file_key: 'photos/x/original.jpg', medium_key: null, thumb_key: 'photos/x/thumb.jpg' };
    await captures.insertMany([
      { _id: 'keyless', session_key: sessionKey, api_key: account.apiKey, photo_code: 4, mime_type: 'image/jpeg', url_token: 't'.repeat(32) },
      { _id: 'keyed', session_key: sessionKey, api_key: account.apiKey, photo_code: 5, ...kept },
    ]);
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '014-capture-photo-keys' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['014-capture-photo-keys']);
    }
    expect(await captures.findOne({ _id: 'keyless' })).toMatchObject({ file_key: null, medium_key: null, thumb_key: null });
    expect(await captures.findOne({ _id: 'keyed' })).toMatchObject(kept);
    expect(await env.services.files.openByUrlToken('t'.repeat(32), 'original')).toBeNull();
  });

  it('give access records stored before fingerprints the fingerprint of their key’s current secret, and remove those of keys gone', async () => {
    const account = await env.createAccount();
    const further = await env.services.apiKeys.create(account, { mode: 'test' });
    const records = env.db.collection<Record<string, unknown> & { _id: string }>('access_records');
    const record = { api_token: 'a'.repeat(64), expiration: new Date(Date.now() + 60_000), created_at: new Date() };
    await records.insertMany([
      { _id: 'own-key', api_key: account.apiKey, ...record },
      { _id: 'further-key', api_key: further.api_key, ...record },
      { _id: 'key-gone', api_key: 'no-such-key', ...record },
      { _id: 'fingerprinted', api_key: account.apiKey, ...record, secret_fingerprint: 'kept' },
    ]);
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '015-access-record-fingerprints' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['015-access-record-fingerprints']);
    }
    expect((await records.findOne({ _id: 'own-key' }))?.secret_fingerprint).toBe(secretFingerprint(account.apiSecret));
    expect((await records.findOne({ _id: 'further-key' }))?.secret_fingerprint).toBe(secretFingerprint(further.api_secret));
    expect(await records.findOne({ _id: 'key-gone' })).toBeNull();
    expect((await records.findOne({ _id: 'fingerprinted' }))?.secret_fingerprint).toBe('kept');
  });
  it('give sessions stored with a theme that is none of the themes PRO, and leave the others theirs', async () => {
    const account = await env.createAccount();
    const [unknown, lite] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, { session: { theme: 'LITE' } })];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: unknown.key }, { $set: { theme: 'STANDARD' } });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '016-session-theme' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['016-session-theme']);
    }
    expect((await env.services.stores.sessions.findByKey(unknown.key))?.theme).toBe('PRO');
    expect((await env.services.stores.sessions.findByKey(lite.key))?.theme).toBe('LITE');
  });
  it('give sessions stored before any damage record write a damages version, which a report then holds to', async () => {
    const account = await env.createAccount();
    const [old, versioned] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: old.key }, { $unset: { damages_version: '' } });
    const kept = (await env.services.stores.sessions.findByKey(versioned.key))?.damagesVersion;
    await env.db.collection('migrations').deleteOne({ _id: '017-session-damages-version' as never });
    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['017-session-damages-version']);
    const first = (await env.services.stores.sessions.findByKey(old.key))?.damagesVersion;
    expect(first).toMatch(/^[A-Za-z0-9_-]{12}$/);
    await env.db.collection('migrations').deleteOne({ _id: '017-session-damages-version' as never });
    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['017-session-damages-version']);
    expect((await env.services.stores.sessions.findByKey(old.key))?.damagesVersion).toBe(first);
    expect((await env.services.stores.sessions.findByKey(versioned.key))?.damagesVersion).toBe(kept);
    // The version is a condition of the report's write: a stale one makes it miss.
    expect(await env.services.stores.sessions.updateIfStatus(old.key, ['IDLE'], { language: 'fr' }, { damagesVersion: 'stale' })).toBeNull();
    expect(await env.services.stores.sessions.updateIfStatus(old.key, ['IDLE'], { language: 'fr' }, { damagesVersion: first })).not.toBeNull();
  });
  it('give sessions stored before the review flags false ones, as they behaved, and keep the flags that are set', async () => {
    const account = await env.createAccount();
    const [old, waiting] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: old.key }, { $unset: { review_pending: '', detector_ran: '' } });
    await sessions.updateOne({ _id: waiting.key }, { $set: { review_pending: true, detector_ran: true } });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '018-session-review-flags' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['018-session-review-flags']);
    }
    expect(await sessions.findOne({ _id: old.key })).toMatchObject({ review_pending: false, detector_ran: false });
    expect(await sessions.findOne({ _id: waiting.key })).toMatchObject({ review_pending: true, detector_ran: true });
  });
  it('give sessions stored before the review history empty fields for it, and keep what a review wrote', async () => {
    const account = await env.createAccount();
    const [old, reviewed] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    const fields = ['detector_unanalysed', 'reviewed_by', 'reviewed_at', 'review_reopened', 'revision_started', 'review_revisions'];
    await sessions.updateOne({ _id: old.key }, { $unset: Object.fromEntries(fields.map((field) => [field, ''])) });
    const at = new Date('2026-03-14T10:05:00Z');
    await sessions.updateOne({ _id: reviewed.key }, { $set: { reviewed_by: 'api', reviewed_at: at, detector_unanalysed: [4] } });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '019-session-review-history' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['019-session-review-history']);
    }
    const untouched = { detector_unanalysed: [], reviewed_by: null, reviewed_at: null, review_reopened: null, revision_started: null, review_revisions: [] };
    expect(await sessions.findOne({ _id: old.key })).toMatchObject(
      Object.fromEntries(fields.map((field) => [field, untouched[field as keyof typeof untouched]])),
    );
    expect(await sessions.findOne({ _id: reviewed.key })).toMatchObject({ reviewed_by: 'api', reviewed_at: at, detector_unanalysed: [4] });
  });
  it('give sessions stored before a typed VIN, report start, report link and SMS outcome were always there null ones, and keep those set', async () => {
    const account = await env.createAccount();
    const [old, reported] = [await env.services.sessions.create(account, {}), await env.services.sessions.create(account, {})];
    const sessions = env.db.collection<{ _id: string }>('inspection_sessions');
    const fields = ['typed_vin', 'report_started', 'report_link', 'sms_delivery'];
    await sessions.updateOne({ _id: old.key }, { $unset: Object.fromEntries(fields.map((field) => [field, ''])) });
    const set = {
      typed_vin: { vin: '1HGCM82633A004352', typed_at: new Date('2026-03-14T10:01:00Z') },
      report_started: 'started-once',
      report_link: { token: 'a-report-link-token', expires_at: new Date('2026-04-14T10:05:00Z') },
      sms_delivery: 'logged',
    };
    await sessions.updateOne({ _id: reported.key }, { $set: set });
    for (let run = 0; run < 2; run += 1) {
      await env.db.collection('migrations').deleteOne({ _id: '020-session-late-fields' as never });
      expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual(['020-session-late-fields']);
    }
    expect(await sessions.findOne({ _id: old.key })).toMatchObject(Object.fromEntries(fields.map((field) => [field, null])));
    expect(await sessions.findOne({ _id: reported.key })).toMatchObject(set);
  });
});
