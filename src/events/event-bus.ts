// Live fan-out of recorded events to subscribers: in process for one instance, through Redis when several
// instances share the work (REDIS_URL), so a subscriber on one instance sees events caused on another. Each event
// goes to its account's topic and to its session's topic, so a subscriber to one session is not woken by every
// other session of the account. A subscription listens from the moment it is made (not from its first read), and
// says when it is in place everywhere (`ready`), so a replay read after that cannot miss an event.
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { BoundedQueue } from './bounded-queue.js';

export interface SessionEventMessage {
  id: string;
  seq: number;
  apiKey: string;
  sessionKey: string;
  event: string;
  timestamp: string;
  payload: Record<string, unknown>;
  /** When it went live (epoch ms), for the fan-out delay; absent on replayed events. Never shown to subscribers. */
  publishedAt?: number;
}

/**
 * Given to a live subscription when its Redis connection is back after a drop: whatever was published while it was
 * away never arrived (it is in the event log). `interruptedAt`: when the connection dropped (epoch ms).
 */
export interface LiveGap {
  interruptedAt: number;
}

export type LiveItem = SessionEventMessage | LiveGap;

export function isLiveGap(item: LiveItem): item is LiveGap {
  return 'interruptedAt' in item;
}

export interface LiveSubscription extends AsyncIterableIterator<LiveItem> {
  /** Resolves once every event published from now on is sure to arrive (with Redis: the SUBSCRIBE is acknowledged). */
  ready: Promise<void>;
  return(): Promise<IteratorResult<LiveItem>>;
}

export interface EventBus {
  publish(message: SessionEventMessage): void;
  /** Live messages of one account, or of one of its sessions, from the moment of the call. */
  subscribe(apiKey: string, sessionKey?: string | null): LiveSubscription;
}

/** Events a subscriber may fall behind by before its stream ends with an error (it can resume with `after`). */
export const MAX_UNREAD_EVENTS = 10_000;

/** A typed failure, so the subscriber is told why its stream ended rather than getting a masked internal error. */
export class SubscriberOverflowError extends AppError {
  constructor() {
    super('CONFLICT', `More than ${MAX_UNREAD_EVENTS} events were waiting for this subscriber; subscribe again with after set to the last event id received.`);
  }
}

const accountTopic = (apiKey: string) => `events:${apiKey}`;
const sessionTopic = (apiKey: string, sessionKey: string) => `events:${apiKey}:${sessionKey}`;

export interface RedisClients {
  publisher: Redis;
  subscriber: Redis;
  /** Told of a publish, subscribe or unsubscribe that failed (Redis unreachable past the clients' retries). */
  onFailure: (error: unknown) => void;
}

/** `clock`: the service's, which also dates the events, so a gap's start compares with their times. */
export function createEventBus(redis: RedisClients | null, clock: () => Date = () => new Date()): EventBus {
  const target: EventTarget = redis ? (createRedisEventTarget(handledClients(redis)) as EventTarget) : new EventTarget();
  const open = new Set<QueuedSubscription>();
  if (redis) reportGaps(redis, open, clock);
  return {
    publish(message) {
      target.dispatchEvent(new CustomEvent(accountTopic(message.apiKey), { detail: message }));
      target.dispatchEvent(new CustomEvent(sessionTopic(message.apiKey, message.sessionKey), { detail: message }));
    },
    subscribe(apiKey, sessionKey) {
      const topic = sessionKey ? sessionTopic(apiKey, sessionKey) : accountTopic(apiKey);
      // Redis answers commands of one connection in order: a SUBSCRIBE acknowledged after the event target's own
      // (idempotent on the server) means the channel is live.
      // While Redis is away the SUBSCRIBE fails at once (redis-clients.ts) and the subscription starts anyway: when the
      // connection is back, ioredis subscribes it again and reportGaps has it read what it missed from the log.
      const listen = redis
        ? () =>
            redis.subscriber.subscribe(topic).then(
              () => undefined,
              (error: unknown) => redis.onFailure(error),
            )
        : () => Promise.resolve();
      return new QueuedSubscription(target, topic, open, listen);
    },
  };
}

/**
 * The clients as the Redis event target uses them, each failure handed to `onFailure`: the target publishes,
 * subscribes and unsubscribes without waiting for the answer, and a rejection nobody handles ends the process — a
 * Redis outage longer than the clients' retries stopped the service at the next event. The event is in the log
 * already: other instances whose own connection dropped too read it when it is back (reportGaps); one whose
 * connection stayed up gets it only when its subscriber replays with `after`.
 */
function handledClients({ publisher, subscriber, onFailure }: RedisClients) {
  const publishClient = { publish: (channel: string, message: string) => publisher.publish(channel, message).catch(onFailure) };
  const subscribeClient = {
    on: (event: 'message', listener: (channel: string, message: string) => void) => subscriber.on(event, listener),
    subscribe: (...channels: string[]) => subscriber.subscribe(...channels).catch(onFailure),
    unsubscribe: (...channels: string[]) => subscriber.unsubscribe(...channels).catch(onFailure),
  };
  // The target calls only these methods of its clients.
  return { publishClient: publishClient as unknown as Redis, subscribeClient: subscribeClient as unknown as Redis };
}

/**
 * When the subscriber connection comes back after a drop, tells every open subscription that it missed what was
 * published meanwhile. ioredis subscribes the connection's channels again before it says it is ready; a SUBSCRIBE
 * sent after those (idempotent on the server) and acknowledged means they are live, so a subscription that reads
 * the log then misses nothing.
 */
function reportGaps({ subscriber, onFailure }: RedisClients, open: ReadonlySet<QueuedSubscription>, clock: () => Date): void {
  /** When the connection first dropped since the subscriptions were last told; null when they are up to date. */
  let interruptedAt: number | null = null;
  let drops = 0;
  let confirming = false;
  subscriber.on('close', () => {
    interruptedAt ??= clock().getTime();
    drops += 1;
  });
  const confirm = async () => {
    // Once per return of the connection, however many times it says it is ready (an attempt that is accepted and
    // closed at once says so too): each round tells every open subscription once.
    while (interruptedAt !== null && subscriber.status === 'ready') {
      const gap: LiveGap = { interruptedAt };
      const dropsSeen = drops;
      const subscriptions = [...open];
      const topics = [...new Set(subscriptions.map((subscription) => subscription.topic))];
      try {
        if (topics.length > 0) await subscriber.subscribe(...topics);
      } catch (error) {
        onFailure(error);
        return;
      }
      // A drop during the round keeps the gap open: the next round reaches back to its start again.
      if (drops === dropsSeen) interruptedAt = null;
      for (const subscription of subscriptions) subscription.push(gap);
    }
  };
  subscriber.on('ready', () => {
    if (confirming) return;
    confirming = true;
    void confirm().finally(() => {
      confirming = false;
    });
  });
}

/** Buffers what arrives between reads; listening starts in the constructor. */
class QueuedSubscription extends BoundedQueue<LiveItem> implements LiveSubscription {
  readonly ready: Promise<void>;

  constructor(
    target: EventTarget,
    readonly topic: string,
    open: Set<QueuedSubscription>,
    confirmListening: () => Promise<void>,
  ) {
    const listener = (event: Event) => this.push((event as CustomEvent<SessionEventMessage>).detail);
    super(
      MAX_UNREAD_EVENTS,
      () => new SubscriberOverflowError(),
      () => {
        target.removeEventListener(topic, listener);
        open.delete(this);
      },
    );
    target.addEventListener(topic, listener);
    open.add(this);
    this.ready = confirmListening();
  }
}
