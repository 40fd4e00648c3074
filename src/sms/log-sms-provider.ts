// The default provider: records the message in the log and reports success. For development and for
// deployments that send invitations themselves.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { SmsMessage, SmsOutcome, SmsProvider } from './sms-provider.js';

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly sent: SmsMessage[] = [];

  constructor(private readonly logger: Logger) {}

  async send(message: SmsMessage): Promise<SmsOutcome> {
    this.sent.push(message);
    if (this.sent.length > 100) this.sent.shift();
    // The body carries the capture token, so only its length is logged.
    this.logger.info({ to: maskPhone(message.to), bodyLength: message.body.length }, 'sms invitation (log provider)');
    // A success for the webhook (the spec's SMS_PROCESS has success or error), but nothing was sent (docs/staff.md "Mail").
    return { status: 'success', providerId: `log-${randomUUID()}`, sent: false };
  }
}

function maskPhone(phone: string): string {
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}
