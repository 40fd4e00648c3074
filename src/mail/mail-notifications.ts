// Which mail the service sends and when (docs/staff.md "Mail"): the person's invitation and, once the session
// completes, their copy of the report; the account's notification addresses when a session starts waiting for review
// and when a callback is disabled. Each mail is queued (store/mails.ts) and sent by the MailSender.
import { randomUUID } from 'node:crypto';
import type { CallbackDisableCause } from '../domain/callback-disabling.js';
import type { CaptureLanguage } from '../domain/languages.js';
import { callbackDisabledMail, invitationMail, reportReadyMail, reviewWaitingMail, type MailKind, type MailText } from '../domain/mail-texts.js';
import type { MailStore } from '../store/mails.js';
import type { MailRecord } from '../domain/mail.js';

/** The person a session's `email` names. */
export interface MailRecipient {
  to: string;
  toName: string | null;
}

/** What a mail needs to know of the account it speaks for. */
export interface MailingAccount {
  apiKey: string;
  displayName: string;
  language: CaptureLanguage;
  notificationEmails: readonly string[];
}

export interface MailingSession {
  sessionKey: string;
  language: CaptureLanguage;
  captureUrl: string;
}

export class MailNotifications {
  constructor(
    private readonly deps: {
      store: MailStore;
      /** Called after mail is queued, so it leaves now rather than at the next poll. */
      wake: () => void;
      clock: () => Date;
      /** The dashboard's address of a page (`/sessions/<key>`, `/settings/developers`), for the staff's mails. */
      dashboardUrl: (path: string) => string;
    },
  ) {}

  invite(account: MailingAccount, session: MailingSession, recipient: MailRecipient): Promise<void> {
    const text = invitationMail({ language: session.language, sender: account.displayName, toName: recipient.toName, captureUrl: session.captureUrl });
    return this.queue(account, session.sessionKey, 'invitation', [recipient.to], text);
  }

  /** The capture link opens the guest's copy of the report once the session is complete, until `linkExpiresAt`. */
  reportReady(account: MailingAccount, session: MailingSession, recipient: MailRecipient, linkExpiresAt: Date | null): Promise<void> {
    const text = reportReadyMail({
      language: session.language,
      sender: account.displayName,
      toName: recipient.toName,
      reportUrl: session.captureUrl,
      expiresAt: linkExpiresAt,
    });
    return this.queue(account, session.sessionKey, 'report_ready', [recipient.to], text);
  }

  reviewWaiting(account: MailingAccount, sessionKey: string): Promise<void> {
    const text = reviewWaitingMail({ language: account.language, sessionKey, sessionUrl: this.deps.dashboardUrl(`/sessions/${sessionKey}`) });
    return this.queue(account, sessionKey, 'review_waiting', account.notificationEmails, text);
  }

  callbackDisabled(account: MailingAccount, callback: { event: string; url: string }, cause: CallbackDisableCause): Promise<void> {
    const text = callbackDisabledMail({
      language: account.language,
      event: callback.event,
      url: callback.url,
      cause,
      settingsUrl: this.deps.dashboardUrl('/settings/developers'),
    });
    return this.queue(account, null, 'callback_disabled', account.notificationEmails, text);
  }

  /** The mails about one session, for its timeline. */
  forSession(apiKey: string, sessionKey: string): Promise<MailRecord[]> {
    return this.deps.store.listForSession(apiKey, sessionKey);
  }

  private async queue(account: MailingAccount, sessionKey: string | null, kind: MailKind, recipients: readonly string[], text: MailText): Promise<void> {
    if (recipients.length === 0) return;
    const mails = recipients.map((to) => ({ id: randomUUID(), apiKey: account.apiKey, sessionKey, kind, to, ...text }));
    await this.deps.store.enqueue(mails, this.deps.clock());
    this.deps.wake();
  }
}
