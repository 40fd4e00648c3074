// Keeps graphql-ws sockets within their limits (docs/limits.md): a cap on open sockets per account and per capture
// token, an idle timeout, and a periodic re-check of credentials that closes revoked sockets with 4403.
import type { WebSocketLimits } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { UseCases } from '../../services.js';
import { newSocketId, type SocketCounter } from './socket-counter.js';
import { findRevoked, type SocketCredentials } from './socket-credentials.js';
import { closeReasons, SocketCloseCode } from './socket-close-codes.js';

/** What the supervisor needs of a socket. */
export interface SupervisedSocket {
  credentials: SocketCredentials;
  /** Whether an operation or a subscription is running on it. */
  busy(): boolean;
  isOpen(): boolean;
  close(code: number, reason: string): void;
}

interface Admitted {
  owner: string;
  socketId: string;
  lastActivity: number;
}

export interface SocketSupervisorOptions {
  limits: WebSocketLimits;
  counter: SocketCounter;
  services: UseCases;
  logger: Logger;
  now?: () => number;
}

export class SocketSupervisor {
  private readonly admitted = new Map<SupervisedSocket, Admitted>();
  private readonly timers: NodeJS.Timeout[] = [];
  private checking = false;
  private readonly now: () => number;

  constructor(private readonly options: SocketSupervisorOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Counts the socket in, or closes it with 4290 when its owner is at the cap. */
  async admit(socket: SupervisedSocket): Promise<boolean> {
    const { limits, counter } = this.options;
    const { credentials } = socket;
    const [owner, limit, ownerName] =
      credentials.kind !== 'capture'
        ? [`account:${credentials.apiKey}`, limits.maxSocketsPerAccount, 'account' as const]
        : [`capture:${credentials.sessionKey}`, limits.maxSocketsPerCaptureToken, 'capture token' as const];
    const socketId = newSocketId();
    if (!(await counter.tryOpen(owner, socketId, limit))) {
      socket.close(SocketCloseCode.TooManySockets, closeReasons.tooManySockets(limit, ownerName));
      return false;
    }
    if (!socket.isOpen()) {
      // Closed by the client while it was being counted: its close has already been handled.
      await counter.close(owner, socketId);
      return false;
    }
    this.admitted.set(socket, { owner, socketId, lastActivity: this.now() });
    return true;
  }

  /** An operation started or ended: the socket is not idle. */
  touch(socket: SupervisedSocket): void {
    const admitted = this.admitted.get(socket);
    if (admitted) admitted.lastActivity = this.now();
  }

  async release(socket: SupervisedSocket): Promise<void> {
    const admitted = this.admitted.get(socket);
    if (!admitted) return;
    this.admitted.delete(socket);
    await this.options.counter.close(admitted.owner, admitted.socketId);
  }

  start(): void {
    const { idleTimeoutMs, credentialCheckIntervalMs } = this.options.limits;
    // A quarter of the timeout between sweeps: an idle socket is closed at most 25% late.
    const idleSweepMs = Math.min(10_000, Math.max(25, Math.floor(idleTimeoutMs / 4)));
    this.timers.push(
      setInterval(() => this.closeIdle(), idleSweepMs),
      setInterval(() => void this.checkCredentials(), credentialCheckIntervalMs),
    );
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }

  closeIdle(): void {
    const { idleTimeoutMs } = this.options.limits;
    const now = this.now();
    for (const [socket, admitted] of this.admitted) {
      if (!socket.busy() && now - admitted.lastActivity >= idleTimeoutMs) socket.close(SocketCloseCode.IdleTimeout, closeReasons.idle(idleTimeoutMs));
    }
  }

  /** Closes revoked sockets and keeps the others counted; one check at a time. */
  async checkCredentials(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const sockets = [...this.admitted.keys()];
      for (const socket of await findRevoked(this.options.services, sockets, this.options.logger)) {
        socket.close(SocketCloseCode.Forbidden, closeReasons.revoked);
      }
      await this.options.counter.renew(this.admitted.values());
    } catch (error) {
      this.options.logger.warn({ err: error }, 'open socket check failed');
    } finally {
      this.checking = false;
    }
  }
}
