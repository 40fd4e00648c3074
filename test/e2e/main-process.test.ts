// The service as a user starts it: `src/main.ts` on the embedded database, the demo account banner with a
// working signed request, and a clean stop on SIGTERM.
import { describe, expect, it, vi } from 'vitest';
import { signRequestHeaders } from '../support/signing.js';
import { startServiceProcess } from '../support/service-process.js';

describe('npm start', () => {
  it('starts on the embedded database, prints a usable demo account, and stops cleanly on SIGTERM', async () => {
    const service = await startServiceProcess({
      fromSources: true,
      environment: { MONGODB_URL: '', NODE_ENV: 'development', DEMO_ACCOUNT: 'true', VEHICLE_CHECK: 'advise' },
    });
    try {
      // The banner follows the "listening" line once the demo account is written.
      await vi.waitFor(() => expect(service.output()).toMatch(/api_secret:\s+\S+/), { timeout: 30_000, interval: 100 });
      const output = service.output();
      expect(output).toContain('embedded in-memory database');
      const apiKey = /api_key:\s+(\S+)/.exec(output)?.[1] as string;
      const apiSecret = /api_secret:\s+(\S+)/.exec(output)?.[1] as string;
      expect(output).toMatch(/curl -s http:\/\/127\.0\.0\.1:\d+\/v1\/sessions/);
      // No PUBLIC_URL: capture links point at loopback, and start-up says how to give a phone a reachable address.
      await vi.waitFor(
        () => expect(service.output()).toMatch(/Capture links point at http:\/\/127\.0\.0\.1:\d+, which a phone cannot open: start with PUBLIC_URL=http:\/\//),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
      const headers = signRequestHeaders({ username: 'demo', apiKey, apiSecret });
      const response = await fetch(`${service.baseUrl}/v1/sessions`, { headers });
      expect(response.status).toBe(200);
      expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(200);
      expect(service.output()).not.toContain(headers['API-Token']);
      // The demo owner user printed beside the credentials signs in.
      const password = /password:\s+(\S+)/.exec(output)?.[1] as string;
      const signIn = await fetch(`${service.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password }),
      });
      expect(signIn.status).toBe(200);
      expect(await signIn.json()).toMatchObject({ username: 'demo', role: 'owner', account: 'demo' });
    } finally {
      service.child.kill('SIGTERM');
    }
    expect(await service.exited).toBe(0);
  }, 60_000);

  // As the image starts it (`node --max-semi-space-size=… dist/main.js`): no tsx, whose worker threads get options of their own.
  it('starts with V8 options on its command line (its worker threads inherit them rather than refusing them)', async () => {
    const service = await startServiceProcess({ nodeArguments: ['--max-semi-space-size=32'], environment: { VEHICLE_CHECK: 'advise' } });
    try {
      expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(200);
    } finally {
      service.child.kill('SIGTERM');
    }
    // It once ended by a signal instead (code null) in a full run; a failure says which, with the service's last words.
    const code = await service.exited;
    expect({ code, signal: service.child.signalCode }, service.output().slice(-3000)).toEqual({ code: 0, signal: null });
    expect(service.output()).not.toContain('start-up failed');
  }, 60_000);
});
