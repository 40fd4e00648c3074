// Baseline for graphql_query_rps: a bare Yoga server whose resolver does the database work the service's query does —
// one driver findOne for the session on the same database — and answers the same fields, on the same Fetch
// implementation as the service's Yoga.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { createFetch } from '@whatwg-node/fetch';
import { MongoClient } from 'mongodb';

const client = await MongoClient.connect(process.env.MONGODB_URL as string);
const sessions = client.db(process.env.MONGODB_DB).collection<{ _id: string; api_key: string; status: string; theme: string; vehicle: unknown }>('inspection_sessions');
const apiKey = process.env.BASELINE_API_KEY as string;

const yoga = createYoga({
  schema: createSchema({
    typeDefs: `
      type Photo { photoCode: Int! photoLabel: String! }
      type Session { sessionKey: String! status: String! theme: String! vehicle: String requiredPhotos: [Photo!]! }
      type Query { inspectionSession(sessionKey: String!): Session }`,
    resolvers: {
      Query: {
        inspectionSession: async (_root: unknown, { sessionKey }: { sessionKey: string }) => {
          const session = await sessions.findOne({ _id: sessionKey, api_key: apiKey });
          if (!session) return null;
          return { sessionKey: session._id, status: session.status, theme: session.theme, vehicle: JSON.stringify(session.vehicle), requiredPhotos: [1, 2, 4, 5, 7, 8].map((photoCode) => ({ photoCode, photoLabel: `photo ${photoCode}` })) };
        },
      },
    },
  }),
  graphiql: false,
  landingPage: false,
  logging: false,
  // The same Fetch implementation as the service's Yoga (src/http/graphql/yoga.ts): @whatwg-node's Node ponyfill.
  // Yoga's default uses Node's own Request and Response, several times slower here.
  fetchAPI: createFetch({ formDataLimits: { fileSize: 15 * 1024 * 1024, files: 1, fieldSize: 1024 * 1024, fields: 16, parts: 20 } }),
});
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => process.stdout.write(`BASELINE_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => void client.close().finally(() => process.exit(0))));
