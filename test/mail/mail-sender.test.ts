// The mail queue against a real SMTP server: queued mail is sent once by one of two instances, a refusing server is
// retried until it takes the mail (the attempts recorded), and mail queued before a restart is sent after it.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import '../support/provided-context.js';
import { uniqueDatabaseName } from '../support/test-server.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createLogger } from '../../src/logger.js';
import { MailStore } from '../../src/store/mails.js';
import type { NewMail } from '../../src/domain/mail.js';
import { MailSender } from '../../src/mail/mail-sender.js';
import { logMailTransport, smtpMailTransport } from '../../src/mail/mail-transport.js';

const logger = createLogger('silent');
let client: MongoClient;
let db: Db;
let smtp: TestSmtpServer;
let store: MailStore;

beforeAll(async () => {
  client = await MongoClient.connect(inject('mongoUrl'));
  db = client.db(uniqueDatabaseName('mail'));
  store = new MailStore(db);
  await store.ensureIndexes();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refusing = false;
});

let sequence = 0;
function mail(sessionKey: string, to = 'person@example.test'): NewMail {
  sequence += 1;
  return {
    id: `mail-${sequence}-${sessionKey}`,
    apiKey: 'key-1',
    sessionKey,
    kind: 'invitation',
    to,
    subject: `Subject ${sequence}`,
    text: `Body ${sequence}\n`,
  };
}

function sender(transport = smtpMailTransport(smtp.url)) {
  return new MailSender({
    store,
    transport,
    from: 'Inspections <noreply@example.test>',
    logger,
    clock: () => new Date(),
    pollIntervalMs: 60_000,
    retryTimeScale: 0,
  });
}

describe('the mail queue', () => {
  it('sends each queued mail exactly once when two instances drain the queue together', async () => {
    const mails = Array.from({ length: 6 }, (_, index) => mail('once', `p${index}@example.test`));
    await store.enqueue(mails, new Date());
    const [one, two] = [sender(), sender()];
    await Promise.all([one.drain(), two.drain()]);
    expect(smtp.received.map((received) => (received.to && 'text' in received.to ? received.to.text : '')).sort()).toEqual(mails.map((m) => m.to).sort());
    expect(smtp.received[0]?.from?.value).toEqual([{ name: 'Inspections', address: 'noreply@example.test' }]);
    const records = await store.listForSession('key-1', 'once');
    expect(records.map((record) => [record.status, record.attempts])).toEqual(mails.map(() => ['sent', 1]));
  });

  it('retries a refusing server and records each failure until the mail is taken', async () => {
    const queued = mail('retry');
    await store.enqueue([queued], new Date());
    smtp.refusing = true;
    const worker = sender();
    await worker.drain().catch(() => undefined);
    // retryTimeScale 0: every retry is due at once, so one drain runs the whole schedule and the mail ends failed.
    const [failed] = await store.listForSession('key-1', 'retry');
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBe(13);
    expect(failed?.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);

    const second = mail('retry');
    await store.enqueue([second], new Date());
    smtp.refusing = false;
    await worker.drain();
    const records = await store.listForSession('key-1', 'retry');
    expect(records.find((record) => record.id === second.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(smtp.received.map((received) => received.subject)).toEqual([second.subject]);
  });

  it('sends after a restart what was queued before it, and records logged mail as logged, never as sent', async () => {
    await store.enqueue([mail('restart')], new Date());
    // No sender ran: the mail waits in the database. A new instance (a fresh store over a fresh connection) sends it.
    const otherClient = await MongoClient.connect(inject('mongoUrl'));
    try {
      const restarted = new MailSender({
        store: new MailStore(otherClient.db(db.databaseName)),
        transport: smtpMailTransport(smtp.url),
        from: 'noreply@example.test',
        logger,
        clock: () => new Date(),
        pollIntervalMs: 60_000,
        retryTimeScale: 0,
      });
      restarted.start();
      await smtp.waitFor(1);
      await restarted.stop();
    } finally {
      await otherClient.close();
    }
    expect((await store.listForSession('key-1', 'restart'))[0]?.status).toBe('sent');

    await store.enqueue([mail('logged')], new Date());
    await sender(logMailTransport(logger)).drain();
    expect((await store.listForSession('key-1', 'logged'))[0]).toMatchObject({ status: 'logged', attempts: 1 });
  });
});
