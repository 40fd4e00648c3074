// The VIN data and the SQLite WebAssembly load from node_modules (docs/capture.md): a child process in which every
// network call throws decodes a real VIN all the same, and the same guard makes a fetch fail, so it does bite.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NO_NETWORK = fileURLToPath(new URL('../support/no-network.mjs', import.meta.url));
const DECODER = new URL('../../src/vin/vpic-decoder.ts', import.meta.url).href;

function offline(script: string) {
  return run(process.execPath, ['--import', 'tsx', '--import', NO_NETWORK, '--input-type=module', '-e', script], { timeout: 120_000 });
}

describe('VIN decoding without a network', () => {
  it('decodes 1HGCM82633A004352 as a 2003 Honda Accord', async () => {
    const { stdout } = await offline(
      `const { openVpicDecoder } = await import(${JSON.stringify(DECODER)}); const decoder = await openVpicDecoder(); console.log(JSON.stringify(await decoder.decode('1HGCM82633A004352'))); decoder.close();`,
    );
    expect(JSON.parse(stdout)).toMatchObject({ year: 2003, make: 'Honda', model: 'Accord' });
  }, 150_000);

  it('refuses a fetch in that process', async () => {
    await expect(offline(`await fetch('http://127.0.0.1:9/');`)).rejects.toThrow(/network access refused/);
  }, 150_000);
});
