// A real HTTP receiver on 127.0.0.1 with a random port, recording what each request carried.
// Tests give it a handler to answer in whatever way the case needs (or not at all).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  remotePort: number | undefined;
}

export type ReceiverHandler = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void;

export interface Receiver {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

const answerNoContent: ReceiverHandler = (_request, response) => {
  response.writeHead(204).end();
};

export async function startReceiver(handler: ReceiverHandler = answerNoContent): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, remotePort: request.socket.remotePort });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Receivers that never answer keep their connections open; drop them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
