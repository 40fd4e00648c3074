// The mail a session's life triggers (docs/staff.md "Mail"), for the use cases that move it: the invitation when it is
// created, the notice to staff when it starts waiting for review, the person's report link when it completes. A mail
// that cannot be queued is logged and never fails the move that triggered it.
import type { Account } from '../domain/account.js';
import type { InspectionSession } from '../domain/inspection-session.js';
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

  async sessionCreated(account: Account, session: InspectionSession): Promise<void> {
    const recipient = session.options.email;
    if (!recipient) return;
    await this.safely('invitation', session.key, () => this.deps.mails.invite(mailingAccount(account), this.mailingSession(session), recipient));
  }

  async reviewWaiting(session: InspectionSession): Promise<void> {
    await this.safely('review_waiting', session.key, async () => {
      const account = await this.deps.accounts.findByApiKey(session.apiKey);
      if (account) await this.deps.mails.reviewWaiting(mailingAccount(account), session.key);
    });
  }

  async sessionCompleted(session: InspectionSession): Promise<void> {
    const recipient = session.options.email;
    if (!recipient) return;
    await this.safely('report_ready', session.key, async () => {
      const account = await this.deps.accounts.findByApiKey(session.apiKey);
      if (!account) return;
      const until = session.completedAt ? new Date(session.completedAt.getTime() + CAPTURE_TOKEN_DAYS_AFTER_COMPLETE * 86_400_000) : null;
      await this.deps.mails.reportReady(mailingAccount(account), this.mailingSession(session), recipient, until);
    });
  }

  private mailingSession(session: InspectionSession): MailingSession {
    return {
      sessionKey: session.key,
      language: captureLanguageOf(session.language ?? 'en') ?? 'en',
      captureUrl: this.deps.urls.captureUrl(session.key, session.captureToken),
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
