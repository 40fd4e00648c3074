// The webhook outbox in process (no HTTP, no worker running): a recorded webhook event with an active callback gets
// exactly one delivery, and the outbox reconciler writes a lost one back, once, only for events the callback covers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/account.js';
import type { SessionEvent } from '../../src/domain/session-event.js';
import type { Delivery } from '../../src/domain/delivery.js';
import { eventDeliveryId } from '../../src/webhooks/outbox.js';
import { RECONCILE_GRACE_MS } from '../../src/webhooks/outbox-reconciler.js';
import { startInProcess, type InProcess } from '../support/in-process.js';

const EVENT = 'SESSION:NOTE_INSERT';
// Never called: no delivery worker runs in these tests, so deliveries stay pending.
const TARGET = 'http://127.0.0.1:9/hooks/notes';

let env: InProcess;
let account: Account;

beforeAll(async () => {
  env = await startInProcess();
  account = await env.createAccount();
  await env.services.callbacks.set(account.apiKey, { event: EVENT, url: TARGET, payload: { source: 'in-process' } });
});

afterEach(() => env.clock.reset());
afterAll(() => env?.close());

/** A new session with one integrator note; returns the note's recorded event. */
async function sessionWithNote(owner = account): Promise<SessionEvent> {
  const session = await env.services.sessions.create(owner, { session: { theme: 'LITE' } });
  await env.services.sessions.addNote(owner, session.key, { title: 'Dent', description: 'Rear bumper' });
  const events = await env.events(session.key);
  expect(events.map((event) => event.event)).toEqual([EVENT]);
  return events[0] as SessionEvent;
}

const deliveriesOf = (event: SessionEvent) => env.services.stores.deliveries.page(event.apiKey, event.event, 10, null, event.sessionKey);

/** The one delivery an event's outbox step writes: its id derives from the event, its body is the payload plus extras. */
function expectDeliveryOf(delivery: Delivery | undefined, event: SessionEvent): void {
  expect(delivery).toMatchObject({
    id: eventDeliveryId(event.apiKey, event.seq),
    eventSeq: event.seq,
    sessionKey: event.sessionKey,
    callbackEvent: EVENT,
    url: TARGET,
    status: 'pending',
    attempts: 0,
    test: false,
  });
  expect(JSON.parse(delivery?.body as string)).toEqual({ ...event.payload, source: 'in-process' });
}

/** Runs the reconciler once as its timer would, with the events recorded so far past the grace period. */
async function reconcile(): Promise<number> {
  env.clock.advance(RECONCILE_GRACE_MS + 1_000);
  return env.services.outboxReconciler.runOnce();
}

describe('the webhook outbox', () => {
  it('writes exactly one pending delivery for a recorded event with an active callback, and none for events without one', async () => {
    const event = await sessionWithNote();
    const deliveries = await deliveriesOf(event);
    expect(deliveries).toHaveLength(1);
    expectDeliveryOf(deliveries[0], event);

    // A status move is a webhook event too, but this account has no callback for it.
    await env.services.capture.start(await env.session(event.sessionKey));
    expect(await env.services.stores.deliveries.page(account.apiKey, 'SESSION:STATUS_CHANGE', 10, null, event.sessionKey)).toEqual([]);
    // Nor does another account's note reach this account's callback.
    const other = await env.createAccount();
    const othersEvent = await sessionWithNote(other);
    expect(await deliveriesOf(othersEvent)).toEqual([]);
  });

  it('has the reconciler write back a delivery that was lost, the same one, and only once', async () => {
    const event = await sessionWithNote();
    const id = eventDeliveryId(event.apiKey, event.seq);
    // What a crash between the event's write and its delivery's write leaves behind.
    expect((await env.db.collection('deliveries').deleteOne({ _id: id } as object)).deletedCount).toBe(1);

    expect(await reconcile()).toBe(1);
    const deliveries = await deliveriesOf(event);
    expect(deliveries).toHaveLength(1);
    expectDeliveryOf(deliveries[0], event);

    // Another pass (its cursor reset, so it reads the event again) finds the delivery and writes nothing.
    await env.db.collection('outbox_cursors').deleteMany({});
    expect(await reconcile()).toBe(0);
    expect(await deliveriesOf(event)).toHaveLength(1);
  });

  it('has the reconciler leave alone events recorded before their callback existed', async () => {
    const late = await env.createAccount();
    const before = await sessionWithNote(late);
    expect(await deliveriesOf(before)).toEqual([]);
    env.clock.advance(1_000);
    await env.services.callbacks.set(late.apiKey, { event: EVENT, url: TARGET });
    // A later event of the same account whose delivery was lost shows the pass did read this account's events.
    const after = await sessionWithNote(late);
    await env.db.collection('deliveries').deleteOne({ _id: eventDeliveryId(after.apiKey, after.seq) } as object);

    expect(await reconcile()).toBe(1);
    expect(await deliveriesOf(before)).toEqual([]);
    expect(await deliveriesOf(after)).toHaveLength(1);
  });
});
