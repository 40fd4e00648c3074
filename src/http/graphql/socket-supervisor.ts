// Keeps graphql-ws sockets within their limits (docs/limits.md): the connection caps (per account, per capture token,
// per account's guests; connection-caps.ts), an idle timeout, and a periodic re-check of credentials that closes
// revoked sockets with 4403.
import type { WebSocketLimits } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { UseCases } from '../../services.js';
import type { ConnectionCaps } from './connection-caps.js';
import type { Principal } from './context.js';
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
  release(): Promise<void>;
  lastActivity: number;
}

export interface SocketSupervisorOptions {
  limits: WebSocketLimits;
  caps: ConnectionCaps;
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

  /** Counts the socket in, or closes it with the refusing cap's code (4290, or 4429 for the guest cap). */
  async admit(socket: SupervisedSocket, principal: Principal): Promise<boolean> {
    const admission = await this.options.caps.admit(principal);
    if (!admission.admitted) {
      socket.close(admission.cap === 'guests' ? SocketCloseCode.TooManyGuestSockets : SocketCloseCode.TooManySockets, admission.message);
      return false;
    }
    if (!socket.isOpen()) {
      // Closed by the client while it was being counted: its close has already been handled.
      await admission.release();
      return false;
    }
    this.admitted.set(socket, { release: admission.release, lastActivity: this.now() });
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
    await admitted.release();
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

  /** Closes revoked sockets; one check at a time. */
  async checkCredentials(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const sockets = [...this.admitted.keys()];
      for (const socket of await findRevoked(this.options.services, sockets, this.options.logger)) {
        socket.close(SocketCloseCode.Forbidden, closeReasons.revoked);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'open socket check failed');
    } finally {
      this.checking = false;
    }
  }
}
