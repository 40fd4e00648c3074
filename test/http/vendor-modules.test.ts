// The pages' libraries come from the installed packages through the service itself: every module a page imports,
// and every module those import in turn, answers 200 as JavaScript from our own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_PREFIX } from '../../src/http/web/vendor-modules.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function moduleGraph(entry: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const pending = [new URL(entry, server.baseUrl).href];
  while (pending.length > 0) {
    const url = pending.pop() as string;
    if (seen.has(url)) continue;
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/^text\/javascript/);
    const source = await response.text();
    seen.set(url, source);
    for (const match of source.matchAll(/^(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm)) {
      const specifier = match[1] as string;
      expect(specifier, `${url} imports a bare specifier a browser cannot resolve`).toMatch(/^\.{1,2}\//);
      pending.push(new URL(specifier, url).href);
    }
  }
  return seen;
}

describe('vendor modules', () => {
  it('serves Preact with hooks and htm as one module', async () => {
    const graph = await moduleGraph(`${VENDOR_PREFIX}/preact-htm.js`);
    const source = [...graph.values()].join('\n');
    for (const name of ['html', 'render', 'useState', 'useEffect']) expect(source).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('serves the graphql-ws client with the chunks it imports', async () => {
    const graph = await moduleGraph(`${VENDOR_PREFIX}/graphql-ws.js`);
    expect(graph.size).toBeGreaterThan(1);
    expect([...graph.values()].join('\n')).toContain('graphql-transport-ws');
  });
});
