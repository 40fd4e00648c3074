// Accounts are read on every authenticated request; this keeps each one for a few seconds so an authenticated read
// costs only its own database command. Writes made through this store (settings, logo, secret) drop the entry at
// once; a write made on another instance is seen here within ACCOUNT_CACHE_TTL_MS, and a token signed with a secret
// this instance has not seen yet makes the authenticator read the account again at once (find with fresh: true).
import type { Db } from 'mongodb';
import { AccountStore } from '../store/accounts.js';
import type { Account } from '../domain/account.js';

/** How long a looked-up account is reused before it is read again (the longest a change elsewhere goes unseen). */
export const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class CachedAccountStore extends AccountStore {
  private readonly entries = new Map<string, { account: Account; readAt: number }>();

  constructor(
    db: Db,
    private readonly ttlMs = ACCOUNT_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    super(db);
  }

  /** The account with this API key, from the cache unless it is older than the TTL or `fresh` is asked for. */
  override async findByApiKey(apiKey: string, options: { fresh?: boolean } = {}): Promise<Account | null> {
    const cached = this.entries.get(apiKey);
    const now = this.now();
    if (!options.fresh && cached && now - cached.readAt < this.ttlMs) return cached.account;
    const account = await super.findByApiKey(apiKey);
    if (!account) {
      this.entries.delete(apiKey);
      return null;
    }
    if (!this.entries.has(apiKey) && this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(apiKey, { account, readAt: now });
    return account;
  }

  override async updateSettings(...args: Parameters<AccountStore['updateSettings']>): ReturnType<AccountStore['updateSettings']> {
    const updated = await super.updateSettings(...args);
    if (updated) this.entries.delete(updated.apiKey);
    return updated;
  }

  override async replaceLogo(...args: Parameters<AccountStore['replaceLogo']>): ReturnType<AccountStore['replaceLogo']> {
    const replaced = await super.replaceLogo(...args);
    this.entries.delete(args[0].apiKey);
    return replaced;
  }

  override async replaceSecret(...args: Parameters<AccountStore['replaceSecret']>): ReturnType<AccountStore['replaceSecret']> {
    const updated = await super.replaceSecret(...args);
    if (updated) this.entries.delete(updated.apiKey);
    return updated;
  }

  /** Drops an account's entry (after any other write to it). */
  invalidate(apiKey: string): void {
    this.entries.delete(apiKey);
  }
}
