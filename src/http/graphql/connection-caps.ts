// Caps on open live connections, graphql-ws sockets and SSE subscription streams alike (docs/limits.md#websockets-and-streams):
// per account, per capture token, and for all the capture tokens of one account's sessions together (the guest cap),
// so no account holds more through its guests' links than the guest cap. Counted by the SocketCounter (in memory, or
// in Redis across instances); this instance renews the leases of what it holds open.
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger.js';
import type { WebSocketLimits } from '../../config.js';
import type { Principal } from './context.js';
import { MemorySocketCounter, newSocketId, RedisSocketCounter, type SocketCounter } from './socket-counter.js';

export type CapName = 'account' | 'capture token' | 'guests';

export type Admission = { admitted: true; release(): Promise<void> } | { admitted: false; cap: CapName; limit: number; message: string };

interface Counted {
  owner: string;
  socketId: string;
}

/** The counts a connection of `principal` joins, each with its limit. */
function countsOf(principal: Principal, limits: WebSocketLimits): { owner: string; limit: number; cap: CapName }[] {
  if (principal.kind !== 'capture') return [{ owner: `account:${principal.account.apiKey}`, limit: limits.maxSocketsPerAccount, cap: 'account' }];
  return [
    { owner: `capture:${principal.sessionKey}`, limit: limits.maxSocketsPerCaptureToken, cap: 'capture token' },
    { owner: `guests:${principal.apiKey}`, limit: limits.guestSocketsPerAccount, cap: 'guests' },
  ];
}

function capMessage(cap: CapName, limit: number): string {
  if (cap === 'guests') return `Too many open sockets and streams: at most ${limit} per account through its sessions' capture links`;
  return `Too many open sockets and streams: at most ${limit} per ${cap}`;
}

export class ConnectionCaps {
  /** What this instance holds open, whose leases it renews. */
  private readonly open = new Set<Counted>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: WebSocketLimits,
    private readonly counter: SocketCounter,
    private readonly logger: Logger,
  ) {}

  /** Counts a new connection of `principal` in, or says which cap it is over (counting nothing). */
  async admit(principal: Principal): Promise<Admission> {
    const taken: Counted[] = [];
    for (const { owner, limit, cap } of countsOf(principal, this.limits)) {
      const counted = { owner, socketId: newSocketId() };
      if (!(await this.counter.tryOpen(owner, counted.socketId, limit))) {
        await this.releaseAll(taken);
        return { admitted: false, cap, limit, message: capMessage(cap, limit) };
      }
      taken.push(counted);
      this.open.add(counted);
    }
    let released = false;
    return {
      admitted: true,
      release: async () => {
        if (released) return;
        released = true;
        await this.releaseAll(taken);
      },
    };
  }

  /** Renews this instance's leases every credential check interval, well within a lease. */
  start(): void {
    this.timer ??= setInterval(() => void this.renew(), this.limits.credentialCheckIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renew(): Promise<void> {
    try {
      await this.counter.renew(this.open);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew the open connections’ count');
    }
  }

  private async releaseAll(counted: Counted[]): Promise<void> {
    for (const entry of counted) {
      this.open.delete(entry);
      await this.counter.close(entry.owner, entry.socketId);
    }
  }
}

/** The caps of this instance: counted in Redis across instances when it is configured, else in memory. */
export function createConnectionCaps(limits: WebSocketLimits, redis: Redis | null, logger: Logger): ConnectionCaps {
  // A lease outlives several renewals, so only a dead instance's connections stop counting.
  const leaseMs = 3 * limits.credentialCheckIntervalMs + 10_000;
  return new ConnectionCaps(limits, redis ? new RedisSocketCounter(redis, leaseMs, logger) : new MemorySocketCounter(), logger);
}
