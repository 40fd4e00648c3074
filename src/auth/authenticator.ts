// Validates the three API headers of a request (REST and GraphQL alike) and names the account they belong to.
import type { AccountDocument } from '../store/accounts.js';
import type { CachedAccountStore } from '../accounts/account-cache.js';
import type { AccessRecordStore } from '../store/access-records.js';
import { AppError } from '../errors.js';
import { computeApiToken, tokensMatch } from './api-token.js';
import { isFresh, parseApiTimestamp } from './api-timestamp.js';

export type AuthFailureLabel = 'Invalid API Key' | 'Invalid API Token' | 'Invalid API Timestamp';

export const AUTH_FAILURE_MESSAGE = 'The request could not be validated. Please recheck your API-Key and API-Token.';

export class AuthenticationError extends AppError {
  constructor(readonly label: AuthFailureLabel) {
    super('FORBIDDEN', AUTH_FAILURE_MESSAGE, { error: label });
  }
}

export interface ApiCredentials {
  apiKey: string | undefined;
  apiToken: string | undefined;
  apiTimestamp: string | undefined;
}

export interface AuthenticatedAccount {
  account: AccountDocument;
  credentials: { apiKey: string; apiToken: string; apiTimestamp: string; issuedAt: Date };
}

export class Authenticator {
  constructor(
    private readonly accounts: CachedAccountStore,
    private readonly accessRecords: AccessRecordStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async authenticate({ apiKey, apiToken, apiTimestamp }: ApiCredentials): Promise<AuthenticatedAccount> {
    const now = this.clock();
    const issuedAt = apiTimestamp ? parseApiTimestamp(apiTimestamp) : null;
    if (!apiTimestamp || !issuedAt || !isFresh(issuedAt, now)) throw new AuthenticationError('Invalid API Timestamp');
    let account = apiKey ? await this.findAccount(apiKey, false) : null;
    if (!apiKey || !account) throw new AuthenticationError('Invalid API Key');
    if (!apiToken) throw new AuthenticationError('Invalid API Token');
    if (!(await this.tokenIsValid(account, apiToken, apiTimestamp, now))) {
      // A cached account may predate a secret rotation made on another instance: read it once more before refusing.
      account = await this.findAccount(apiKey, true);
      if (!account || !(await this.tokenIsValid(account, apiToken, apiTimestamp, now))) throw new AuthenticationError('Invalid API Token');
    }
    return { account, credentials: { apiKey, apiToken, apiTimestamp, issuedAt } };
  }

  /** Accounts are read on every request, so they come from a short-lived cache; secrets are re-read on a mismatch. */
  private findAccount(apiKey: string, fresh: boolean): Promise<AccountDocument | null> {
    return this.accounts.findByApiKey(apiKey, { fresh });
  }

  private async tokenIsValid(account: AccountDocument, token: string, timestamp: string, now: Date): Promise<boolean> {
    if (validSecrets(account, now).some((apiSecret) => tokensMatch(token, computeApiToken({ username: account.username, apiKey: account.api_key, apiSecret, timestamp })))) {
      return true;
    }
    return (await this.accessRecords.findValid(account.api_key, token, now)) !== null;
  }
}

function validSecrets(account: AccountDocument, now: Date): string[] {
  const previous = account.previous_secret;
  return previous && previous.expires_at > now ? [account.api_secret, previous.secret] : [account.api_secret];
}

export function readApiCredentials(get: (name: string) => string | null | undefined): ApiCredentials {
  return {
    apiKey: get('api-key') ?? undefined,
    apiToken: get('api-token') ?? undefined,
    apiTimestamp: get('api-timestamp') ?? undefined,
  };
}
