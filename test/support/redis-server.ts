// A throw-away redis-server for the test run, on a free port, with no persistence; used by the global set-up when
// no Redis answers on the standard port.
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

const START_TIMEOUT_MS = 10_000;

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** Whether something accepts TCP connections on host:port (within `timeoutMs`). */
export function answers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `redis-server` (from PATH) and resolves once it says it accepts connections. */
export async function startRedisServer(binary = 'redis-server'): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const exitedEarly = (code: number | null) => fail(new Error(`redis-server exited with ${code}:\n${output}`));
    child.once('error', fail);
    child.once('exit', exitedEarly);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
