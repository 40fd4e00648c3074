// The port through which mail leaves the service: an SMTP server (SMTP_URL, through nodemailer) or, without one, the
// log. A transport answers with what happened instead of throwing, so the queue can tell "sent" from "logged".
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export type MailOutcome = { status: 'sent'; messageId: string } | { status: 'logged' } | { status: 'failed'; message: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<MailOutcome>;
  close(): void;
}

/** Through the SMTP server at `url` (smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS). */
export function smtpMailTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail(mail);
        return { status: 'sent', messageId: info.messageId };
      } catch (error) {
        return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: the mail is written to the log (its recipient and subject, never its links) and not sent. */
export function logMailTransport(logger: Logger): MailTransport {
  return {
    async send(mail) {
      logger.info({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
      return { status: 'logged' };
    },
    close: () => undefined,
  };
}
