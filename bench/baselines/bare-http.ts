// Baseline for rest_auth_read_rps: a bare node:http server doing the database work the REST read does — one driver
// findOne for the callback on the same database — and answering its JSON. With BASELINE_IN_MEMORY=true it answers a
// callback-shaped JSON from memory instead (the informational ceiling of node:http on this machine).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';

const inMemory = process.env.BASELINE_IN_MEMORY === 'true';
const memoryBody = JSON.stringify({ api_key: 'k'.repeat(32), event: 'SESSION:COMPLETE', url: 'https://example.com/hooks/complete', method: 'POST', headers: {}, payload: {}, active: true });
const client = inMemory ? null : await MongoClient.connect(process.env.MONGODB_URL as string);
const callbacks = client?.db(process.env.MONGODB_DB).collection('callbacks');
const apiKey = process.env.BASELINE_API_KEY as string;

const server = createServer((request, response) => {
  const send = (body: string) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
  if (!callbacks) return send(memoryBody);
  const event = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
  callbacks.findOne({ api_key: apiKey, event }).then(
    (callback) => send(JSON.stringify({ event: callback?.event, url: callback?.url, method: callback?.method, headers: callback?.headers, payload: callback?.payload, active: callback?.active })),
    () => response.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`BASELINE_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => void client?.close().finally(() => process.exit(0))));
