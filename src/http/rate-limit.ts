// Per-API-key request budget (per client address when no key is sent), shared by REST, GraphQL over HTTP and every
// operation on a graphql-ws socket; a capture token's session has a budget of its own (a second limiter).
// In memory for one instance; in Redis when REDIS_URL is set, so several instances share one budget.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';

export interface RateLimitVerdict {
  headers: Record<string, string>;
}

export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(private readonly options: { points: number; windowSeconds: number; redis?: Redis | null; keyPrefix?: string }) {
    const settings = { points: options.points, duration: options.windowSeconds, keyPrefix: options.keyPrefix ?? 'capture-gateway:rl' };
    this.limiter = options.redis
      ? // While Redis is not ready, this instance's memory counts at once instead of waiting for it (docs/limits.md).
        new RateLimiterRedis({ ...settings, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(settings) })
      : new RateLimiterMemory(settings);
  }

  /** Spends one point; throws a RATE_LIMITED AppError carrying Retry-After when the budget is gone. */
  async consume(key: string): Promise<RateLimitVerdict> {
    try {
      const result = await this.limiter.consume(key);
      return { headers: this.headers(result) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const headers = this.headers(rejection);
      const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw new AppError('RATE_LIMITED', 'Too many requests. Retry after the time given in Retry-After.', {}, { ...headers, 'retry-after': retryAfter });
    }
  }

  private headers(result: RateLimiterRes): Record<string, string> {
    return {
      'ratelimit-limit': String(this.options.points),
      'ratelimit-remaining': String(Math.max(0, result.remainingPoints)),
      'ratelimit-reset': String(Math.max(0, Math.ceil(result.msBeforeNext / 1000))),
    };
  }
}

export function rateLimitKey(apiKey: string | null | undefined, remoteAddress: string | undefined): string {
  return apiKey ? `key:${apiKey.slice(0, 128)}` : `ip:${remoteAddress ?? 'unknown'}`;
}

/** The guest budget's key: one per inspection session, however many sockets or requests carry its capture token. */
export function guestRateLimitKey(sessionKey: string): string {
  return `session:${sessionKey}`;
}

/** Keeps guest keys apart from account keys in a shared Redis. */
export const GUEST_RATE_LIMIT_PREFIX = 'capture-gateway:rl-guest';
