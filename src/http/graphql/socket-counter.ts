// Counts open graphql-ws sockets per owner (an account, or a capture token's session) so that a cap holds. In memory
// for one instance; with Redis, across every instance: each socket is a member of its owner's sorted set, scored by
// a lease its instance renews, so the sockets of an instance that died without closing them stop counting once their
// lease ends instead of holding the owner's slots for ever.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger.js';

export interface SocketCounter {
  /** Counts the socket in when its owner has fewer than `limit` open ones; false, counting nothing, otherwise. */
  tryOpen(owner: string, socketId: string, limit: number): Promise<boolean>;
  close(owner: string, socketId: string): Promise<void>;
  /** Keeps this instance's open sockets counted (renews their leases; nothing to do in memory). */
  renew(sockets: Iterable<{ owner: string; socketId: string }>): Promise<void>;
}

export function newSocketId(): string {
  return randomUUID();
}

export class MemorySocketCounter implements SocketCounter {
  private readonly open = new Map<string, Set<string>>();

  async tryOpen(owner: string, socketId: string, limit: number): Promise<boolean> {
    const sockets = this.open.get(owner) ?? new Set<string>();
    if (sockets.size >= limit) return false;
    sockets.add(socketId);
    this.open.set(owner, sockets);
    return true;
  }

  async close(owner: string, socketId: string): Promise<void> {
    const sockets = this.open.get(owner);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.open.delete(owner);
  }

  async renew(): Promise<void> {}
}

// Drops the owner's expired leases, then adds the socket only when fewer than the limit remain: one atomic step, so
// two instances admitting at once cannot both take the last slot.
const TRY_OPEN_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

const KEY_PREFIX = 'capture-gateway:ws-sockets:';

export class RedisSocketCounter implements SocketCounter {
  /** Counts in this instance alone while Redis cannot be reached, so the cap still holds per instance. */
  private readonly fallback = new MemorySocketCounter();

  constructor(
    private readonly redis: Redis,
    private readonly leaseMs: number,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async tryOpen(owner: string, socketId: string, limit: number): Promise<boolean> {
    const now = this.now();
    try {
      const admitted = await this.redis.eval(TRY_OPEN_SCRIPT, 1, KEY_PREFIX + owner, now, limit, now + this.leaseMs, socketId, this.leaseMs);
      return admitted === 1;
    } catch (error) {
      this.logger.warn({ err: error }, 'socket count unavailable in redis: counting on this instance only');
      return this.fallback.tryOpen(owner, socketId, limit);
    }
  }

  async close(owner: string, socketId: string): Promise<void> {
    await this.fallback.close(owner, socketId);
    await this.redis.zrem(KEY_PREFIX + owner, socketId).catch((error: unknown) => this.logger.warn({ err: error }, 'could not uncount a socket in redis'));
  }

  async renew(sockets: Iterable<{ owner: string; socketId: string }>): Promise<void> {
    const leaseEnd = this.now() + this.leaseMs;
    const pipeline = this.redis.pipeline();
    for (const { owner, socketId } of sockets) {
      pipeline.zadd(KEY_PREFIX + owner, leaseEnd, socketId);
      pipeline.pexpire(KEY_PREFIX + owner, this.leaseMs);
    }
    if (pipeline.length > 0) await pipeline.exec();
  }
}
