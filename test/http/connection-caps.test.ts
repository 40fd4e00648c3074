// The connection caps (src/http/graphql/connection-caps.ts) with the in-memory counter: a guest connection counts
// toward its token's cap and its account's guest cap at once, and a refusal leaves nothing counted.
import { describe, expect, it } from 'vitest';
import { ConnectionCaps } from '../../src/http/graphql/connection-caps.js';
import { MemorySocketCounter } from '../../src/http/graphql/socket-counter.js';
import type { Principal } from '../../src/http/graphql/context.js';
import { createLogger } from '../../src/logger.js';
import { loadConfig } from '../../src/config.js';

const limits = { ...loadConfig({}).webSockets, maxSocketsPerAccount: 2, maxSocketsPerCaptureToken: 2, guestSocketsPerAccount: 3 };
const guest = (sessionKey: string, apiKey = 'key-a'): Principal => ({ kind: 'capture', apiKey, sessionKey });
const account = (apiKey: string) => ({ kind: 'account', account: { apiKey } }) as Principal;

function caps() {
  return new ConnectionCaps(limits, new MemorySocketCounter(), createLogger('silent'));
}

describe('ConnectionCaps', () => {
  it('holds an account to its cap, apart from its guests', async () => {
    const connections = caps();
    expect((await connections.admit(account('key-a'))).admitted).toBe(true);
    expect((await connections.admit(account('key-a'))).admitted).toBe(true);
    expect(await connections.admit(account('key-a'))).toMatchObject({ admitted: false, cap: 'account', limit: 2 });
    expect((await connections.admit(guest('s1'))).admitted).toBe(true);
    expect((await connections.admit(account('key-b'))).admitted).toBe(true);
  });

  it('counts a guest toward its token and its account’s guests, and a refusal at the guest cap keeps nothing of the token', async () => {
    const connections = caps();
    const held = [];
    for (const session of ['s1', 's1', 's2']) {
      const admission = await connections.admit(guest(session));
      if (!admission.admitted) throw new Error(`${session} refused`);
      held.push(admission);
    }
    expect(await connections.admit(guest('s1'))).toMatchObject({ admitted: false, cap: 'capture token', limit: 2 });
    // s3 is under its own cap, but the account's guests are full: refused twice, it must not use up its own cap.
    expect(await connections.admit(guest('s3'))).toMatchObject({ admitted: false, cap: 'guests', limit: 3 });
    expect(await connections.admit(guest('s3'))).toMatchObject({ admitted: false, cap: 'guests' });
    // Another account's guests are apart.
    expect((await connections.admit(guest('s9', 'key-b'))).admitted).toBe(true);
    // With a guest place free, s3 gets in: its token's count holds only what it was admitted with.
    await held[0]?.release();
    expect((await connections.admit(guest('s3'))).admitted).toBe(true);
  });

  it('frees both counts when a connection is released, once however often it is released', async () => {
    const connections = caps();
    const admitted = await Promise.all(['s1', 's2', 's3'].map((session) => connections.admit(guest(session))));
    expect((await connections.admit(guest('s4'))).admitted).toBe(false);
    const first = admitted[0] as Extract<(typeof admitted)[0], { admitted: true }>;
    await first.release();
    await first.release();
    expect((await connections.admit(guest('s4'))).admitted).toBe(true);
    expect((await connections.admit(guest('s5'))).admitted).toBe(false);
    // s1's token count is free again too.
    expect((await connections.admit(guest('s1', 'key-c'))).admitted).toBe(true);
  });
});
