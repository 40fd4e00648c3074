// The mail about an account rather than a session (docs/staff.md "Mail"): its notification addresses hear when the
// service disables one of its callbacks (docs/webhooks.md#disabled-callbacks), in the account's default language.
import type { CallbackDisableCause } from '../domain/callback-disabling.js';
import type { Account } from '../domain/account.js';
import type { MailNotifications } from './mail-notifications.js';
import { mailingAccount } from './session-mail.js';

export class AccountMail {
  constructor(
    private readonly deps: {
      mails: Pick<MailNotifications, 'callbackDisabled'>;
      accounts: { findByApiKey(apiKey: string): Promise<Account | null> };
    },
  ) {}

  /** Queues the mail; an account without notification addresses gets none. */
  async callbackDisabled(callback: { apiKey: string; event: string; url: string }, cause: CallbackDisableCause): Promise<void> {
    const account = await this.deps.accounts.findByApiKey(callback.apiKey);
    if (account) await this.deps.mails.callbackDisabled(mailingAccount(account), callback, cause);
  }
}
