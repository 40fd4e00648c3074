// The service's Redis connections: one for commands (rate limits, socket counts), one to publish events and one to
// receive them. Redis only shares what several instances could otherwise not (docs/limits.md), so while it cannot be
// reached no request waits for it: a command fails at once instead of waiting in ioredis's offline queue through its
// retries (which made every request take ~6 s during an outage), and each user falls back where correctness allows —
// rate limits and socket counts to this instance's memory, live events to the replay of the event log once Redis is
// back. Start-up waits a moment for the connections, so a service that starts with Redis up shares from its first
// request.
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export interface RedisClientSet {
  commands: Redis;
  publisher: Redis;
  subscriber: Redis;
  all: Redis[];
}

/** How long start-up waits for Redis before it serves without it (each connection keeps reconnecting meanwhile). */
const STARTUP_WAIT_MS = 3_000;

export async function openRedisClients(url: string, logger: Logger): Promise<RedisClientSet> {
  // The subscriber connection skips ioredis's ready check: that check sends INFO, which a connection already asked to
  // SUBSCRIBE refuses, and the connection would then never become ready (a subscription can come before it is). It
  // also skips the CLIENT SETINFO commands sent on connecting: without a ready check, ioredis (5.11) declares the
  // connection ready once they are answered without asking whether it closed meanwhile, and a connection closed
  // then stayed "ready" on a dead socket and never reconnected (test/robustness/faults.test.ts, Redis dropped).
  const [commands, publisher, subscriber] = [true, true, false].map(
    (enableReadyCheck) => new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, enableReadyCheck, disableClientInfo: !enableReadyCheck }),
  ) as [Redis, Redis, Redis];
  const all = [commands, publisher, subscriber];
  for (const client of all) client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  const ready = await Promise.all(all.map((client) => whenReady(client, STARTUP_WAIT_MS)));
  if (ready.includes(false)) logger.warn('Redis did not answer at start-up: serving without it until it does (limits per instance, live events replayed).');
  return { commands, publisher, subscriber, all };
}

function whenReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(value);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}
