// Two service instances sharing one database and one Redis: a subscriber on one sees events caused on the other.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';
import { apiRequest, startTestServer, uniqueDatabaseName, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { wsEventRecorder } from '../support/graphql.js';

const redisUrl = inject('redisUrl');

describe('several instances through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    const shared = { MONGODB_DB: uniqueDatabaseName('multi'), REDIS_URL: redisUrl };
    first = await startTestServer(shared);
    second = await startTestServer(shared);
    account = await first.createAccount();
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('fans events out to a subscriber on the other instance, once each', async () => {
    const watcher = wsEventRecorder(first.baseUrl, signRequestHeaders(account));
    await watcher.ready;
    const created = await apiRequest(second.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const sessionKey = created.body.session_key;
    for (let index = 0; index < 5; index += 1) {
      await apiRequest(second.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: `n${index}`, description: 'from the other instance' });
    }
    // A last note marks the end: events arrive in log order, so a duplicate of the five would come before it.
    await apiRequest(second.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: 'end', description: 'marker' });
    await watcher.waitFor((events) => events.some((event) => event.payload.title === 'end'));
    expect(watcher.events.map((event) => event.payload.title)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'end']);
    expect(watcher.events.every((event) => event.sessionKey === sessionKey)).toBe(true);
    await watcher.close();
  });

  it('shares one rate-limit budget per key across instances', async () => {
    const limitedShared = { MONGODB_DB: uniqueDatabaseName('multi_rl'), REDIS_URL: redisUrl, RATE_LIMIT_POINTS: '4' };
    const a = await startTestServer(limitedShared);
    const b = await startTestServer(limitedShared);
    try {
      const who = await a.createAccount();
      const statuses = [];
      for (const server of [a, b, a, b, a, b]) statuses.push((await apiRequest(server.baseUrl, who, 'GET', '/v1/callbacks')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});
