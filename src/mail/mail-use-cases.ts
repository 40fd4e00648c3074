// The mail folder's part of the app: what to send and when (for the use cases that trigger mail and the faces that
// show it), and the sender the app starts and stops.
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Stores } from '../store/stores.js';
import { MailNotifications } from './mail-notifications.js';
import { MailSender } from './mail-sender.js';
import { logMailTransport, smtpMailTransport } from './mail-transport.js';

export function createMailUseCases(deps: {
  stores: Pick<Stores, 'mails'>;
  config: Pick<Config, 'mail'>;
  dashboardUrl: (path: string) => string;
  logger: Logger;
  clock: () => Date;
}) {
  const { mail } = deps.config;
  const sender = new MailSender({
    store: deps.stores.mails,
    transport: mail.smtpUrl ? smtpMailTransport(mail.smtpUrl) : logMailTransport(deps.logger),
    from: mail.from,
    logger: deps.logger,
    clock: deps.clock,
    pollIntervalMs: mail.pollIntervalMs,
    retryTimeScale: mail.retryTimeScale,
  });
  const mails = new MailNotifications({ store: deps.stores.mails, wake: () => sender.wake(), clock: deps.clock, dashboardUrl: deps.dashboardUrl });
  return {
    /** Queues the service's mail and lists what was sent about a session (docs/staff.md "Mail"). */
    mails,
    /** Sends queued mail; started and stopped with the app. */
    mailSender: sender,
  };
}
