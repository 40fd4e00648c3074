// A mail the service means to send, as the code works with it (src/store/mails.ts maps the stored shape and keeps the
// lease that lets one instance send it).
import type { MailKind } from './mail-texts.js';

export type MailStatus = 'queued' | 'sent' | 'logged' | 'failed';

export interface MailRecord {
  id: string;
  apiKey: string;
  /** The session the mail is about; null for mail about the account (a disabled callback). */
  sessionKey: string | null;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  /** The SMTP server's last refusal or connection error; null once sent. */
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export type NewMail = Pick<MailRecord, 'id' | 'apiKey' | 'sessionKey' | 'kind' | 'to' | 'subject' | 'text'>;
