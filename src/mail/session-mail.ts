// The mail a session's life triggers (docs/staff.md "Mail"), for the use cases that move it: the invitation when it is
// created, the notice to staff when it starts waiting for review, the person's report link when it completes. A mail
// that cannot be queued is logged and never fails the move that triggered it.
import type { Account } from '../domain/account.js';
import type { InspectionSessionDocument } from '../store/inspection-sessions.js';
import { captureLanguageOf } from '../domain/languages.js';
import { CAPTURE_TOKEN_DAYS_AFTER_COMPLETE } from '../domain/capture-scope.js';
import type { Logger } from '../logger.js';
import type { PublicUrls } from '../inspections/public-urls.js';
import type { MailingAccount, MailingSession, MailNotifications } from './mail-notifications.js';

export class SessionMail {
  constructor(
    private readonly deps: {
      mails: MailNotifications;
      accounts: { findByApiKey(apiKey: string): Promise<Account | null> };
      urls: PublicUrls;
      logger: Logger;
    },
  ) {}

  async sessionCreated(account: Account, session: InspectionSessionDocument): Promise<void> {
    const recipient = session.options.email;
    if (!recipient) return;
    await this.safely('invitation', session._id, () => this.deps.mails.invite(mailingAccount(account), this.mailingSession(session), recipient));
  }

  async reviewWaiting(session: InspectionSessionDocument): Promise<void> {
    await this.safely('review_waiting', session._id, async () => {
      const account = await this.deps.accounts.findByApiKey(session.api_key);
      if (account) await this.deps.mails.reviewWaiting(mailingAccount(account), session._id);
    });
  }

  async sessionCompleted(session: InspectionSessionDocument): Promise<void> {
    const recipient = session.options.email;
    if (!recipient) return;
    await this.safely('report_ready', session._id, async () => {
      const account = await this.deps.accounts.findByApiKey(session.api_key);
      if (!account) return;
      const until = session.completed_at ? new Date(session.completed_at.getTime() + CAPTURE_TOKEN_DAYS_AFTER_COMPLETE * 86_400_000) : null;
      await this.deps.mails.reportReady(mailingAccount(account), this.mailingSession(session), recipient, until);
    });
  }

  private mailingSession(session: InspectionSessionDocument): MailingSession {
    return {
      sessionKey: session._id,
      language: captureLanguageOf(session.language ?? 'en') ?? 'en',
      captureUrl: this.deps.urls.captureUrl(session._id, session.capture_token),
    };
  }

  private async safely(kind: string, sessionKey: string, queue: () => Promise<void>): Promise<void> {
    try {
      await queue();
    } catch (error) {
      this.deps.logger.error({ err: error, kind, session: sessionKey }, 'mail could not be queued');
    }
  }
}

/** What the mail of an account says and where the staff's copies go. */
export function mailingAccount(account: Account): MailingAccount {
  return {
    apiKey: account.apiKey,
    displayName: account.displayName,
    language: account.defaultLanguage,
    notificationEmails: account.notificationEmails,
  };
}
