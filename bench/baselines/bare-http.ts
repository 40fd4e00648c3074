// Baseline for rest_auth_read_rps: a bare node:http server answering a callback-shaped JSON from memory.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({
  api_key: 'k'.repeat(32),
  event: 'SESSION:COMPLETE',
  url: 'https://example.com/hooks/complete',
  method: 'POST',
  headers: {},
  payload: {},
  secret: `whsec_${'s'.repeat(44)}`,
  active: true,
});
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`BASELINE_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
