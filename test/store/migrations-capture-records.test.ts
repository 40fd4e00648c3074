// The migrations that bring damage records and captures stored in an older shape to the shape their stores read
// (src/store/migrations 023 and on). Each runs twice: the second run changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/store/migrations/migrations.js';
import { startInProcess, type InProcess } from '../support/in-process.js';

let env: InProcess;

beforeAll(async () => {
  env = await startInProcess();
});

afterAll(async () => {
  await env?.close();
});

async function runTwice(id: string): Promise<void> {
  for (let run = 0; run < 2; run += 1) {
    await env.db.collection('migrations').deleteOne({ _id: id as never });
    expect(await runMigrations(env.db, env.services.stores.leases, {})).toEqual([id]);
  }
}

describe('migrations of damage records and captures', () => {
  it('give damage records stored before scores, notes, authors and change times no score, an empty note, no author and their creation time', async () => {
    const account = await env.createAccount();
    const { key: sessionKey } = await env.services.sessions.create(account, {});
    const createdAt = new Date('2026-02-03T04:05:06Z');
    const old = {
      damage_id: 'old-damage-1',
      session_key: sessionKey,
      api_key: account.apiKey,
      item: 'hood',
      damage_type: 'dent',
      damage: 'dent',
      grade: 2,
      photo_code: 4,
      region: null,
      source: 'manual',
      status: 'accepted',
      created_at: createdAt,
    };
    const detailed = { ...old, damage_id: 'new-damage-1', score: 0.8, note: 'seen', created_by: 'staff', updated_at: new Date('2026-02-04T00:00:00Z') };
    await env.db.collection('damages').insertMany([{ ...old }, { ...detailed }]);
    await runTwice('023-damage-record-details');

    const [first, second] = await env.services.stores.damages.listForSession(account.apiKey, sessionKey);
    expect(first).toMatchObject({ damageId: 'old-damage-1', score: null, note: '', createdBy: null, updatedAt: createdAt });
    expect(second).toMatchObject({ damageId: 'new-damage-1', score: 0.8, note: 'seen', createdBy: 'staff', updatedAt: detailed.updated_at });
    const [view] = await env.services.sessions.damages(account, sessionKey);
    expect(view).toMatchObject({ damage_id: 'old-damage-1', score: null, note: '', created_by: null, created_at: createdAt.toISOString() });
  });

  it('give rejections stored before rejection codes the code of the check their reason names, and leave the others theirs', async () => {
    const account = await env.createAccount();
    const { key: sessionKey } = await env.services.sessions.create(account, {});
    const at = new Date('2026-01-02T03:04:05Z');
    const capture = (id: string, approved: boolean, reason: string | null, code: string | null) => ({
      _id: id,
      session_key: sessionKey,
      api_key: account.apiKey,
      photo_code: 4,
      photo_label: 'Driver side',
      file_key: null,
      medium_key: null,
      thumb_key: null,
      url_token: null,
      mime_type: 'image/jpeg',
      size_bytes: 10,
      width: null,
      height: null,
      hash: null,
      approved,
      reason,
      rejection_code: code,
      metrics: {},
      decoded_vin: null,
      vehicle_check: null,
      vehicle_box: null,
      odometer_suggested: null,
      created_at: at,
      updated_at: at,
    });
    const old: [string, string][] = [
      ['Photo file is too large: 20 MB, at most 15 MB allowed', 'TOO_LARGE'],
      ['Unsupported file type: only JPEG, PNG and WebP photos are accepted', 'UNSUPPORTED_TYPE'],
      ['Photo could not be read: no file data was received', 'UNREADABLE'],
      ['Photo is too large: 9000×9000, at most 50 megapixels allowed', 'TOO_MANY_PIXELS'],
      ['Photo is too small: 640×480, at least 1024×768 required', 'TOO_SMALL'],
      ['Photo is too dark: 71% of it is black, at most 60% allowed', 'TOO_DARK'],
      ['Photo is too bright: average brightness 250 of 255, at most 235 allowed', 'TOO_BRIGHT'],
      ['Photo is blurry: sharpness 3.2, at least 40 required', 'BLURRY'],
      ['Photo is a duplicate of photo 5 (Front)', 'DUPLICATE'],
    ];
    await env.db
      .collection('captures')
      .insertMany([
        ...old.map(([reason], index) => capture(`old-rejection-${index}`, false, reason, null)),
        capture('coded-rejection', false, 'Photo is too dark: average brightness 20 of 255, at least 40 required', 'TOO_BRIGHT'),
        capture('unknown-reason', false, 'Too dark', null),
        capture('accepted', true, null, null),
      ] as never[]);
    await runTwice('024-capture-rejection-codes');

    const codes = new Map((await env.services.stores.captures.listForSession(account.apiKey, sessionKey)).map((read) => [read.id, read.rejectionCode]));
    for (const [index, [, code]] of old.entries()) expect(codes.get(`old-rejection-${index}`)).toBe(code);
    expect([codes.get('coded-rejection'), codes.get('unknown-reason'), codes.get('accepted')]).toEqual(['TOO_BRIGHT', null, null]);
    const listed = await env.services.sessions.photos(account, sessionKey);
    expect(listed.find((photo) => photo.approved_message.includes('blurry'))).toMatchObject({ photo_code: 4, rejection_code: 'BLURRY', url: null });
  });
});
