// Local timers for the retries this worker scheduled, so a near retry is looked for at its time instead of at the
// next poll. Far retries are left to polling; the outbox in MongoDB is the record either way.

/** Retries further away than this are left to polling rather than held in a local timer. */
const MAX_LOCAL_WAKE_MS = 5 * 60_000;
const MAX_LOCAL_WAKES = 1_000;

export class RetryWakeups {
  private times: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  /** `now`: the scheduler's clock (epoch milliseconds), the one the retry times were computed with. */
  constructor(
    private readonly wake: () => void,
    private readonly now: () => number,
  ) {}

  /** Calls `wake` at `at` (epoch milliseconds), unless that is too far away or too many wake-ups are pending. */
  at(at: number): void {
    if (this.stopped || at - this.now() > MAX_LOCAL_WAKE_MS || this.times.length >= MAX_LOCAL_WAKES) return;
    this.times.push(at);
    this.times.sort((a, b) => a - b);
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.times = [];
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.times[0];
    if (next === undefined || this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const now = this.now();
        this.times = this.times.filter((time) => time > now);
        this.wake();
        this.arm();
      },
      Math.max(0, next - this.now()),
    );
    this.timer.unref();
  }
}
