// Baseline for graphql_query_rps: a bare Yoga server answering { hello }.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }),
  graphiql: false,
  logging: false,
});
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => process.stdout.write(`BASELINE_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
