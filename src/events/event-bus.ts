// Live fan-out of recorded events to subscribers: in process for one instance, through Redis when several
// instances share the work (REDIS_URL), so a subscriber on one instance sees events caused on another.
import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';

export interface SessionEventMessage {
  id: string;
  seq: number;
  apiKey: string;
  sessionKey: string;
  event: string;
  timestamp: string;
  payload: Record<string, unknown>;
}

type Topics = { [topic: `events:${string}`]: [SessionEventMessage] };

export interface EventBus {
  publish(message: SessionEventMessage): void;
  /** Live messages of one account, from the moment of the call. */
  subscribe(apiKey: string): AsyncIterable<SessionEventMessage> & { return?: () => Promise<unknown> };
}

export function createEventBus(redis: { publisher: Redis; subscriber: Redis } | null): EventBus {
  const pubSub = createPubSub<Topics>(
    redis ? { eventTarget: createRedisEventTarget({ publishClient: redis.publisher, subscribeClient: redis.subscriber }) } : {},
  );
  return {
    publish: (message) => pubSub.publish(`events:${message.apiKey}`, message),
    subscribe: (apiKey) => pubSub.subscribe(`events:${apiKey}`) as AsyncIterable<SessionEventMessage> & { return?: () => Promise<unknown> },
  };
}
