// A real SMTP server on a random port for the mail tests: it keeps what it receives, parsed, and can be told to
// refuse mail (a 451 at MAIL FROM) to stand for a failing server.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** While true, every message is refused with a temporary failure. */
  refusing: boolean;
  /** Resolves when `count` messages in all have arrived. */
  waitFor(count: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refusing: false,
    async waitFor(count) {
      if (state.received.length < count) await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      return state.received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      const refusal = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
      return callback(refusal);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          for (const waiter of waiters.filter((entry) => state.received.length >= entry.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
