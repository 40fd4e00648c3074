// The rule that tells a stuck server check of the database driver from a slow one (src/store/server-checks.ts).
import { describe, expect, it } from 'vitest';
import { ServerChecks } from '../../src/store/server-checks.js';

const SERVER = 'db.example:27017';
const limits = { connectTimeoutMS: 10_000, heartbeatFrequencyMS: 5_000 };

describe('ServerChecks', () => {
  it('calls a polled check on an unknown server stuck once it has run past the connect timeout and a second', () => {
    const checks = new ServerChecks(limits);
    checks.described(SERVER, 'Unknown');
    checks.started(SERVER, false, 0);
    expect(checks.stuck(11_000)).toBeNull();
    expect(checks.stuck(11_001)).toEqual({ address: SERVER, runningMs: 11_001 });
  });

  it('gives a streamed check the heartbeat interval more, which the server may hold it for', () => {
    const checks = new ServerChecks(limits);
    checks.described(SERVER, 'Unknown');
    checks.started(SERVER, true, 0);
    expect(checks.stuck(16_000)).toBeNull();
    expect(checks.stuck(16_001)).toEqual({ address: SERVER, runningMs: 16_001 });
  });

  it('never calls a check stuck while the driver holds its server reachable: its pool still works', () => {
    const checks = new ServerChecks(limits);
    checks.started(SERVER, false, 0);
    expect(checks.stuck(60_000)).toBeNull();
    checks.described(SERVER, 'Unknown');
    checks.described(SERVER, 'Standalone');
    expect(checks.stuck(60_000)).toBeNull();
  });

  it('forgets a check that ended, and everything when the client starts over', () => {
    const checks = new ServerChecks(limits);
    checks.described(SERVER, 'Unknown');
    checks.started(SERVER, false, 0);
    checks.ended(SERVER);
    expect(checks.stuck(60_000)).toBeNull();
    checks.started(SERVER, false, 0);
    checks.clear();
    expect(checks.stuck(60_000)).toBeNull();
  });

  it('takes the driver’s default connect timeout (30 s) for a client configured with none', () => {
    const checks = new ServerChecks({ connectTimeoutMS: 0, heartbeatFrequencyMS: 10_000 });
    checks.described(SERVER, 'Unknown');
    checks.started(SERVER, false, 0);
    expect(checks.stuck(31_000)).toBeNull();
    expect(checks.stuck(31_001)).not.toBeNull();
    expect(checks.inspectionIntervalMs).toBe(1_000);
  });
});
