// Abusive GraphQL documents are refused with errors — over HTTP and over graphql-ws without closing the socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { getIntrospectionQuery } from 'graphql';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

const ordinary =
  '{ inspectionSessions(first: 5) { edges { node { sessionKey photos { photoCode approved } notes { title } location { latitude } } } pageInfo { hasNextPage } } }';
const aliases = `{ ${Array.from({ length: 3000 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
const manyAliases = `{ ${Array.from({ length: 20 }, (_, index) => `a${index}: callbacks { url }`).join(' ')} }`;
const someAliases = `{ ${Array.from({ length: 10 }, (_, index) => `a${index}: callbacks { url }`).join(' ')} }`;
const ofTypeChain = (levels: number) => `{ __schema { types { fields { type ${'{ ofType '.repeat(levels)}{ name }${' }'.repeat(levels)} } } } }`;
const directives = `{ __typename ${'@skip(if: false) '.repeat(50)} }`;
const hugeDocument = `{ ${Array.from({ length: 2500 }, () => '__typename').join(' ')} }`;

describe('GraphQL limits', () => {
  it('answers ordinary queries and the standard introspection query', async () => {
    expect((await graphqlRequest(server.baseUrl, { account }, ordinary)).errors).toBeUndefined();
    const introspection = await graphqlRequest(server.baseUrl, null, getIntrospectionQuery());
    expect(introspection.errors).toBeUndefined();
    expect(introspection.data.__schema.queryType.name).toBe('Query');
  });

  it.each([
    ['twenty aliases', manyAliases, /alias/i],
    ['thousands of aliases', aliases, /token/i],
    ['a deep ofType chain', ofTypeChain(20), /depth/i],
    ['fifty directives', directives, /directive/i],
    ['a document of thousands of tokens', hugeDocument, /token/i],
  ])('refuses %s with an error', async (_name, query, message) => {
    const result = await graphqlRequest(server.baseUrl, { account }, query);
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message).join(' ')).toMatch(message);
  });

  it('allows what stays within the limits', async () => {
    expect((await graphqlRequest(server.baseUrl, { account }, someAliases)).errors).toBeUndefined();
    expect((await graphqlRequest(server.baseUrl, { account }, ofTypeChain(4))).errors).toBeUndefined();
  });

  it('returns limit errors over graphql-ws without closing the socket', async () => {
    let closeCode: number | null = null;
    const client = createClient({
      url: `${server.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: signRequestHeaders(account),
      retryAttempts: 0,
      lazy: false,
      on: { closed: (event) => (closeCode = (event as { code: number }).code) },
    });
    const run = (query: string) =>
      new Promise<{ errors?: unknown[]; data?: unknown }>((resolve) => {
        let result: { errors?: unknown[]; data?: unknown } = {};
        client.subscribe(
          { query },
          {
            next: (value) => (result = value as typeof result),
            error: (error) => resolve({ errors: Array.isArray(error) ? error : [error] }),
            complete: () => resolve(result),
          },
        );
      });
    try {
      // Refused while parsing (too many tokens) and while validating (aliases, depth: graphql-armor's rules throw
      // from validate, which the server must turn into errors rather than a fatal close).
      for (const [query, message] of [
        [aliases, /token/i],
        [manyAliases, /alias/i],
        [ofTypeChain(20), /depth/i],
      ] as const) {
        const refused = await run(query);
        expect(refused.errors?.length, String(message)).toBeGreaterThan(0);
        expect(JSON.stringify(refused.errors)).toMatch(message);
        expect(closeCode).toBeNull();
      }
      const after = await run('{ __typename }');
      expect(after).toEqual({ data: { __typename: 'Query' } });
      expect(closeCode).toBeNull();
    } finally {
      await client.dispose();
    }
  });
});
