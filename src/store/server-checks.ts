// Which of the database driver's server checks are stuck: the rule behind src/store/server-check-watchdog.ts, kept
// free of I/O. On a server that answers, a polled check ends within the connect timeout (its socket timeout), a
// streamed one within that plus the heartbeat interval (the server holds it that long); a check running past that,
// on a server the driver holds unknown, will not end.

/** Added to the longest a check may take, for a loaded machine. */
const SLACK_MS = 1_000;
/** The driver's default connect timeout, for a client configured with none (0: wait for ever). */
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

export interface CheckLimits {
  /** The client's connectTimeoutMS (0: none). */
  connectTimeoutMS: number;
  heartbeatFrequencyMS: number;
}

export class ServerChecks {
  private readonly longestPolledMs: number;
  private readonly longestStreamedMs: number;
  /** Per server address: the check in progress, when it must have ended. */
  private readonly inProgress = new Map<string, { startedAt: number; endsBy: number }>();
  private readonly unknown = new Set<string>();

  constructor(limits: CheckLimits) {
    this.longestPolledMs = (limits.connectTimeoutMS || DEFAULT_CONNECT_TIMEOUT_MS) + SLACK_MS;
    this.longestStreamedMs = this.longestPolledMs + limits.heartbeatFrequencyMS;
  }

  /** How often to look: a stuck check is noticed within a quarter of the shortest bound, at most a second late. */
  get inspectionIntervalMs(): number {
    return Math.min(1_000, this.longestPolledMs / 4);
  }

  started(address: string, streamed: boolean, now: number): void {
    this.inProgress.set(address, { startedAt: now, endsBy: now + (streamed ? this.longestStreamedMs : this.longestPolledMs) });
  }

  ended(address: string): void {
    this.inProgress.delete(address);
  }

  described(address: string, type: string): void {
    if (type === 'Unknown') this.unknown.add(address);
    else this.unknown.delete(address);
  }

  /** A server held unknown whose check has run past the longest a check can take, and for how long it has run. */
  stuck(now: number): { address: string; runningMs: number } | null {
    for (const [address, check] of this.inProgress) {
      if (now > check.endsBy && this.unknown.has(address)) return { address, runningMs: now - check.startedAt };
    }
    return null;
  }

  /** Forgets everything: the client is starting over with a new topology. */
  clear(): void {
    this.inProgress.clear();
    this.unknown.clear();
  }
}
