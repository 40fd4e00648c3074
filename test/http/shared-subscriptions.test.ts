// The sharing of one subscription execution between subscribers (src/http/graphql/shared-subscriptions.ts): who
// shares (sharingKey), and what each subscriber of a shared execution gets — every result from its joining on, its
// own bounded queue, the end or the error of the source, and the source stopped when the last one leaves.
import { parse, getOperationAST, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SharedSubscriptions, sharingKey } from '../../src/http/graphql/shared-subscriptions.js';
import { BoundedQueue } from '../../src/events/bounded-queue.js';
import { MAX_UNREAD_EVENTS, SubscriberOverflowError } from '../../src/events/event-bus.js';
import type { Principal } from '../../src/http/graphql/context.js';

const LIVE = 'subscription($k: String, $after: String) { sessionEvents(sessionKey: $k, after: $after) { id event } }';
const account = (apiKey: string) => ({ kind: 'account', account: { api_key: apiKey } }) as unknown as Principal;
const capture: Principal = { kind: 'capture', apiKey: 'key-a', sessionKey: 'session-1' };

function keyFor(principal: Principal | undefined, query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  return sharingKey(principal, document, getOperationAST(document), query, variables);
}

const result = (id: number): ExecutionResult => ({ data: { sessionEvents: { id: String(id) } } });

/** A source fed by the test, which records when it is stopped. */
function feed() {
  const state = { stopped: false };
  const queue = new BoundedQueue<ExecutionResult>(
    Number.MAX_SAFE_INTEGER,
    () => new Error('unbounded'),
    () => (state.stopped = true),
  );
  return { queue, state };
}

async function take(iterable: unknown, count: number): Promise<string[]> {
  const iterator = iterable as AsyncIterator<ExecutionResult>;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const next = await iterator.next();
    if (next.done) break;
    ids.push((next.value.data as { sessionEvents: { id: string } }).sessionEvents.id);
  }
  return ids;
}

describe('sharingKey', () => {
  it('is the same for the same live operation, variables and account, and differs for anything that changes the answers', () => {
    const key = keyFor(account('key-a'), LIVE, { k: 's1' });
    expect(key).not.toBeNull();
    expect(keyFor(account('key-a'), LIVE, { k: 's1' })).toBe(key);
    expect(keyFor(account('key-b'), LIVE, { k: 's1' })).not.toBe(key);
    expect(keyFor(account('key-a'), LIVE, { k: 's2' })).not.toBe(key);
    expect(keyFor(capture, LIVE, { k: 's1' })).not.toBe(key);
    expect(keyFor(capture, LIVE, { k: 's1' })).not.toBeNull();
  });

  it('is null for a replay from a cursor, a query, a root fragment, no caller, or an unknown field', () => {
    expect(keyFor(account('key-a'), LIVE, { k: 's1', after: '0' })).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { sessionEvents(after: "4") { id } }')).toBeNull();
    expect(keyFor(account('key-a'), LIVE, { k: 's1', after: null })).not.toBeNull();
    expect(keyFor(account('key-a'), 'subscription { sessionEvents(after: null) { id } }')).not.toBeNull();
    expect(keyFor(account('key-a'), '{ __typename }')).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { ...F } fragment F on Subscription { sessionEvents { id } }')).toBeNull();
    expect(keyFor(undefined, LIVE)).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { other { id } }')).toBeNull();
  });
});

describe('SharedSubscriptions', () => {
  it('starts one execution for subscribers with the same key; each gets every result from its joining on', async () => {
    const shared = new SharedSubscriptions();
    const { queue, state } = feed();
    let starts = 0;
    const start = async () => {
      starts += 1;
      return queue;
    };
    const first = await shared.subscribe('k', start);
    queue.push(result(1));
    expect(await take(first, 1)).toEqual(['1']);
    const second = await shared.subscribe('k', start);
    expect(shared.sharingSubscribers).toBe(1);
    queue.push(result(2));
    queue.push(result(3));
    expect(starts).toBe(1);
    expect(await take(first, 2)).toEqual(['2', '3']);
    expect(await take(second, 2)).toEqual(['2', '3']);

    // One leaving keeps the execution for the other; the last one leaving stops it.
    await (first as AsyncGenerator).return(undefined);
    expect(shared.sharingSubscribers).toBe(0);
    queue.push(result(4));
    expect(await take(second, 1)).toEqual(['4']);
    expect(state.stopped).toBe(false);
    await (second as AsyncGenerator).return(undefined);
    expect(state.stopped).toBe(true);
    // The next subscriber with that key starts afresh.
    const { queue: fresh } = feed();
    await shared.subscribe('k', async () => fresh);
    expect(starts).toBe(1);
  });

  it('runs a null key alone, and hands a one-off answer (an error) to everyone who asked while it was worked out', async () => {
    const shared = new SharedSubscriptions();
    let starts = 0;
    const refusal: ExecutionResult = { errors: [] };
    const start = async () => {
      starts += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refusal;
    };
    const answers = await Promise.all([shared.subscribe('k', start), shared.subscribe('k', start)]);
    expect(answers).toEqual([refusal, refusal]);
    expect(starts).toBe(1);
    await shared.subscribe(null, start);
    await shared.subscribe(null, start);
    expect(starts).toBe(3);
    expect(shared.sharingSubscribers).toBe(0);
  });

  it('ends a subscriber that falls too far behind alone, while the others go on', async () => {
    const shared = new SharedSubscriptions();
    const { queue } = feed();
    const slow = await shared.subscribe('k', async () => queue);
    const reader = await shared.subscribe('k', async () => queue);
    const read = take(reader, MAX_UNREAD_EVENTS + 2);
    for (let id = 1; id <= MAX_UNREAD_EVENTS + 2; id += 1) {
      queue.push(result(id));
      // Let the shared execution hand each result on as it comes.
      if (id % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await read).toHaveLength(MAX_UNREAD_EVENTS + 2);
    const slowIterator = slow as AsyncIterator<ExecutionResult>;
    let delivered = 0;
    await expect(
      (async () => {
        for (;;) {
          if ((await slowIterator.next()).done) return;
          delivered += 1;
        }
      })(),
    ).rejects.toBeInstanceOf(SubscriberOverflowError);
    expect(delivered).toBe(MAX_UNREAD_EVENTS);
  });

  it("passes the source's end and its error to every subscriber", async () => {
    const shared = new SharedSubscriptions();
    const ending = feed();
    const a = await shared.subscribe('ending', async () => ending.queue);
    const b = await shared.subscribe('ending', async () => ending.queue);
    ending.queue.push(result(1));
    ending.queue.end();
    expect(await take(a, 5)).toEqual(['1']);
    expect(await take(b, 5)).toEqual(['1']);

    const failing = feed();
    const c = await shared.subscribe('failing', async () => failing.queue);
    const d = await shared.subscribe('failing', async () => failing.queue);
    failing.queue.fail(new Error('source failed'));
    await expect(take(c, 1)).rejects.toThrow('source failed');
    await expect(take(d, 1)).rejects.toThrow('source failed');
    expect(shared.sharingSubscribers).toBe(0);
  });
});
