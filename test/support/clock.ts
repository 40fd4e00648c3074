// A clock for the service under test: it runs with real time and can be moved ahead, so tests of expiry, token age
// and retries jump over the wait instead of sleeping through it.
export class TestClock {
  private offsetMs = 0;

  /** Pass as `clock` to startTestServer / buildApp. */
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
