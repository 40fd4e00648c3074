// Worker threads started from TypeScript source need the tsx loader in their thread too; `tsx src/main.ts` passes it
// on already, a test runner does not. Shared by every pool whose worker module sits beside its TypeScript source.
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The execArgv for a worker of `workerFile`: with the tsx loader when the worker is TypeScript and the process was not
 * started through tsx; otherwise undefined, so the threads inherit the process's options (a list given explicitly may
 * not hold V8 options, and `node --max-semi-space-size=64 dist/main.js` would fail to start).
 */
export function workerExecArgv(workerFile: URL): string[] | undefined {
  if (extname(workerFile.pathname) !== '.ts' || process.execArgv.some((argument) => argument.includes('tsx'))) return undefined;
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', tsxLoader];
}
