// The service as a user starts it: `src/main.ts` on the embedded database, the demo account banner with a
// working signed request, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
  it('starts on the embedded database, prints a usable demo account, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MONGODB_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 45_000;
      while (!/api_secret:\s+\S+/.test(output)) {
        if (Date.now() > deadline) throw new Error(`no demo banner:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('embedded in-memory database');
      const baseUrl = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1] as string;
      const apiKey = /api_key:\s+(\S+)/.exec(output)?.[1] as string;
      const apiSecret = /api_secret:\s+(\S+)/.exec(output)?.[1] as string;
      expect(output).toMatch(/curl -s http:\/\/127\.0\.0\.1:\d+\/v1\/sessions/);
      const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const token = createHmac('sha256', apiSecret).update(`demo:${apiKey}@${timestamp}`).digest('hex');
      const response = await fetch(`${baseUrl}/v1/sessions`, { headers: { 'API-Key': apiKey, 'API-Token': token, 'API-Timestamp': timestamp } });
      expect(response.status).toBe(200);
      expect((await fetch(`${baseUrl}/ready`)).status).toBe(200);
      expect(output).not.toContain(token);
      // The demo owner user printed beside the credentials signs in.
      const password = /password:\s+(\S+)/.exec(output)?.[1] as string;
      const signIn = await fetch(`${baseUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password }) });
      expect(signIn.status).toBe(200);
      expect(await signIn.json()).toMatchObject({ username: 'demo', role: 'owner', account: 'demo' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
