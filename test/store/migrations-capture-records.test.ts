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
    const { _id: sessionKey } = await env.services.sessions.create(account, {});
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
});
