// Keeps the OpenAPI document honest: every registered route is documented and nothing else is, the document is
// well-formed 3.1 with resolvable $refs, and GET /v1/openapi.json serves it without credentials.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCases } from '../../src/services.js';
import { Router } from '../../src/http/rest/router.js';
import { registerRoutes } from '../../src/http/routes.js';
import { openApiDocument, type OpenApiDocument, type OpenApiOperation, type OperationMethod } from '../../src/http/rest/openapi/document.js';
import { startTestServer } from '../support/test-server.js';

const OPERATION_METHODS: readonly OperationMethod[] = ['get', 'post', 'put', 'patch', 'delete'];
const SERVER_URL = 'https://capture.example.com';

/**
 * Every route the app serves, registered exactly as src/app.ts does (admin API included). Registration only stores
 * handlers, which alone touch `services`; the served-document test passes the one service its handler reads.
 */
function fullRouter(services = {} as UseCases): Router {
  const router = new Router();
  registerRoutes(router, services, { adminToken: 'x', version: '0.0.0', graphiqlEnabled: true });
  return router;
}

/**
 * Browser pages and their static assets: served by the router, but not API operations, so deliberately left out of
 * the OpenAPI document. Everything else the router serves must be documented.
 */
const BROWSER_ROUTES: readonly { name: string; matches: (route: string) => boolean }[] = [
  { name: 'capture page', matches: (route) => route === 'GET /capture/{sessionKey}' },
  { name: 'dashboard page', matches: (route) => route === 'GET /dashboard' },
  { name: 'dashboard pages', matches: (route) => /^GET \/dashboard\/(sign-in|sessions|settings)(\/\{[a-zA-Z]+\})?$/.test(route) },
  { name: 'built page assets', matches: (route) => /^GET \/web\/app\/[^/]+$/.test(route) },
  { name: 'landing page (links, also as JSON)', matches: (route) => route === 'GET /' },
  { name: 'built page files', matches: (route) => /^GET \/web\/app\/[^/]+$/.test(route) },
  { name: 'view drawings', matches: (route) => /^GET \/web\/views\/\d+\.svg$/.test(route) },
  { name: 'capture page catalogs', matches: (route) => /^GET \/capture\/i18n\/[a-z]{2}\.json$/.test(route) },
];
const isBrowserRoute = (route: string) => BROWSER_ROUTES.some(({ matches }) => matches(route));

function operations(document: OpenApiDocument): { path: string; method: OperationMethod; operation: OpenApiOperation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    OPERATION_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

/** Resolves a local JSON pointer such as #/components/schemas/Session; undefined when it leads nowhere. */
function resolvePointer(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function collectRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else collectRefs(value, found);
    }
  }
  return found;
}

function deref(document: OpenApiDocument, node: unknown): Record<string, unknown> {
  const target = typeof node === 'object' && node !== null && '$ref' in node ? resolvePointer(document, String(node.$ref)) : node;
  return target as Record<string, unknown>;
}

describe('openApiDocument', () => {
  const router = fullRouter();
  const document = openApiDocument({ serverUrl: SERVER_URL, version: '1.2.3' });
  const documented = operations(document).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
  // The router serves a report link's page and PDF on one pattern (/reports/:document); the document names both.
  const served = router
    .list()
    .map(({ method, pattern }) => `${method} ${pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
    .flatMap((route) => (route === 'GET /reports/{document}' ? ['GET /reports/{token}', 'GET /reports/{token}.pdf'] : [route]));
  const registered = served.filter((route) => !isBrowserRoute(route));

  it('documents every registered route except the browser pages and assets', () => {
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('documents no route that does not exist', () => {
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('excludes only browser routes that the router really serves', () => {
    for (const { name, matches } of BROWSER_ROUTES) expect(served.some(matches), name).toBe(true);
    expect(documented.filter(isBrowserRoute)).toEqual([]);
  });

  it('is an OpenAPI 3.1 document with the given server and version', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toBe('1.2.3');
    expect(document.servers[0]?.url).toBe(SERVER_URL);
  });

  it('gives every operation a unique operationId and at least one response', () => {
    const all = operations(document);
    for (const { path, method, operation } of all) {
      expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a summary and a description', () => {
    for (const { path, method, operation } of operations(document)) {
      const { summary, description } = operation as { summary?: string; description?: string };
      expect(summary?.trim(), `${method} ${path}`).toBeTruthy();
      expect(description?.trim(), `${method} ${path}`).toBeTruthy();
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((pointer) => resolvePointer(document, pointer) === undefined)).toEqual([]);
  });

  it('declares exactly the path parameters each path template names', () => {
    for (const { path, method, operation } of operations(document)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? [])
        .map((parameter) => deref(document, parameter))
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(inTemplate);
    }
  });

  it('requires the three API headers globally and exempts only the public routes', () => {
    const schemes = document.components.securitySchemes;
    expect([schemes.ApiKey, schemes.ApiToken, schemes.ApiTimestamp].map((scheme) => [scheme?.type, scheme?.in, scheme?.name])).toEqual([
      ['apiKey', 'header', 'API-Key'],
      ['apiKey', 'header', 'API-Token'],
      ['apiKey', 'header', 'API-Timestamp'],
    ]);
    expect(String(schemes.ApiToken?.description)).toContain('<username>:<api_key>@<API-Timestamp>');
    expect(document.security).toEqual([{ ApiKey: [], ApiToken: [], ApiTimestamp: [] }]);

    const publicRoutes = operations(document)
      .filter(({ operation }) => operation.security !== undefined && operation.security.length === 0)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /logos/{file}',
      'GET /photos/{token}',
      'GET /reports/{token}',
      'GET /reports/{token}.pdf',
      'GET /v1/openapi.json',
      'POST /auth/login',
    ]);
    expect([schemes.CaptureToken?.type, schemes.CaptureToken?.in, schemes.CaptureToken?.name]).toEqual(['apiKey', 'header', 'Capture-Token']);
    const captureRoutes = operations(document).filter(({ path }) => path.startsWith('/capture/'));
    expect(captureRoutes.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /capture/{sessionKey}/report',
      'GET /capture/{sessionKey}/report.pdf',
    ]);
    for (const { path, operation } of captureRoutes) {
      expect(operation.security, path).toEqual([{ CaptureToken: [] }]);
      expect(operation.responses['403'], path).toEqual({ $ref: '#/components/responses/CaptureTokenRequired' });
    }
    for (const { path, operation } of operations(document).filter(({ path }) => path.startsWith('/admin/'))) {
      expect(operation.security, path).toEqual([{ AdminBearer: [] }]);
      expect(operation.tags, path).toEqual(['Admin']);
    }
  });

  it('documents 403 on every signed /v1 operation with the contract body and labels', () => {
    for (const { path, method, operation } of operations(document)) {
      if (!path.startsWith('/v1/') || operation.security !== undefined) continue;
      expect(operation.responses['403'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Forbidden' });
      expect(operation.responses['429'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
    const forbidden = document.components.responses.Forbidden as { content: Record<string, { examples: Record<string, { value: unknown }> }> };
    const examples = Object.values(forbidden.content['application/json']?.examples ?? {}).map((example) => example.value);
    expect(examples).toEqual(
      ['Invalid API Key', 'Invalid API Token', 'Invalid API Timestamp'].map((error) => ({
        message: 'The request could not be validated. Please recheck your API-Key and API-Token.',
        error,
        request_id: expect.any(String),
      })),
    );
    expect(Object.keys((document.components.responses.TooManyRequests as { headers: object }).headers)).toContain('Retry-After');
  });
});

describe('registerOpenApiRoute', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const router = fullRouter({ urls: { base: SERVER_URL } } as unknown as UseCases);
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const match = router.match(request.method ?? 'GET', url.pathname);
      if (match.kind !== 'found') {
        response.writeHead(match.kind === 'not-found' ? 404 : 405).end();
        return;
      }
      void match.handler({ request, response, params: match.params, url });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the document as JSON without credentials', async () => {
    const response = await fetch(`${baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as OpenApiDocument;
    expect(body).toEqual(JSON.parse(JSON.stringify(openApiDocument({ serverUrl: SERVER_URL, version: '0.0.0' }))));
  });
});

describe('GET /v1/openapi.json on the real server', () => {
  // Passes once src/app.ts registers the route (registerOpenApiRoute).
  it('answers 200 JSON with an OpenAPI 3.1 document, without API headers', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.baseUrl}/v1/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
      expect(body.openapi).toMatch(/^3\.1\.\d+$/);
      expect(body.servers[0]?.url).toBe(server.baseUrl);
      expect(Object.keys(body.paths)).toContain('/v1/sessions');
    } finally {
      await server.stop();
    }
  });
});
