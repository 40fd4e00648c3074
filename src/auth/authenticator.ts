// Validates the three API headers of a request (REST and GraphQL alike) and names the account they belong to.
import type { AccountDocument } from '../store/accounts.js';
import type { CachedAccountStore } from '../accounts/account-cache.js';
import type { AccessRecordStore } from '../store/access-records.js';
import { AppError } from '../errors.js';
import { computeApiToken, secretFingerprint, tokensMatch } from './api-token.js';
import { isFresh, parseApiTimestamp } from './api-timestamp.js';
import { AcceptedSignatures } from './accepted-signatures.js';

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
  /** How the token was accepted: signed with one of the account's secrets, or presented again from an access record. */
  via: TokenOrigin;
}

export type TokenOrigin = { kind: 'signature'; secretFingerprint: string } | { kind: 'access-record' };

export class Authenticator {
  private readonly acceptedSignatures = new AcceptedSignatures();

  constructor(
    private readonly accounts: CachedAccountStore,
    private readonly accessRecords: AccessRecordStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async authenticate({ apiKey, apiToken, apiTimestamp }: ApiCredentials): Promise<AuthenticatedAccount> {
    const now = this.clock();
    const remembered = apiKey && apiToken && apiTimestamp ? await this.rememberedSignature(apiKey, apiToken, apiTimestamp, now) : null;
    if (remembered) return remembered;
    const issuedAt = apiTimestamp ? parseApiTimestamp(apiTimestamp) : null;
    if (!apiTimestamp || !issuedAt || !isFresh(issuedAt, now)) throw new AuthenticationError('Invalid API Timestamp');
    let account = apiKey ? await this.findAccount(apiKey, false) : null;
    if (!apiKey || !account) throw new AuthenticationError('Invalid API Key');
    if (!apiToken) throw new AuthenticationError('Invalid API Token');
    let via = await this.acceptToken(account, apiToken, apiTimestamp, now);
    if (!via) {
      // A cached account may predate a secret rotation made on another instance: read it once more before refusing.
      account = await this.findAccount(apiKey, true);
      via = account ? await this.acceptToken(account, apiToken, apiTimestamp, now) : null;
      if (!account || !via) throw new AuthenticationError('Invalid API Token');
    }
    const { origin, secret } = via;
    if (origin.kind === 'signature' && secret) {
      this.acceptedSignatures.remember(apiKey, apiTimestamp, apiToken, { issuedAt, secret, secretFingerprint: origin.secretFingerprint });
    }
    return { account, credentials: { apiKey, apiToken, apiTimestamp, issuedAt }, via: via.origin };
  }

  /** A signature checked before, still fresh and still signed with one of the account's secrets; else null. */
  private async rememberedSignature(apiKey: string, apiToken: string, apiTimestamp: string, now: Date): Promise<AuthenticatedAccount | null> {
    const signature = this.acceptedSignatures.get(apiKey, apiTimestamp, apiToken);
    if (!signature) return null;
    if (!isFresh(signature.issuedAt, now)) {
      this.acceptedSignatures.forget(apiKey, apiTimestamp, apiToken);
      return null;
    }
    const account = await this.findAccount(apiKey, false);
    if (!account || !validSecrets(account, now).includes(signature.secret)) return null;
    return {
      account,
      credentials: { apiKey, apiToken, apiTimestamp, issuedAt: signature.issuedAt },
      via: { kind: 'signature', secretFingerprint: signature.secretFingerprint },
    };
  }

  /** The account as stored now (not cached): long-lived sockets check that their credentials still hold against it. */
  currentAccount(apiKey: string): Promise<AccountDocument | null> {
    return this.accounts.findByApiKey(apiKey, { fresh: true });
  }

  /**
   * Whether credentials accepted earlier (a long-lived socket's) still hold for the account as it is now: signed with
   * a secret still in force, or an access-record token still valid. The timestamp's age is not checked again.
   */
  async stillHolds(account: AccountDocument, credentials: { apiToken: string; apiTimestamp: string }): Promise<boolean> {
    return (await this.acceptToken(account, credentials.apiToken, credentials.apiTimestamp, this.clock())) !== null;
  }

  /** Accounts are read on every request, so they come from a short-lived cache; secrets are re-read on a mismatch. */
  private findAccount(apiKey: string, fresh: boolean): Promise<AccountDocument | null> {
    return this.accounts.findByApiKey(apiKey, { fresh });
  }

  /** How the token is accepted, with the secret that signed it when it is a signature; null when it is not. */
  private async acceptToken(account: AccountDocument, token: string, timestamp: string, now: Date): Promise<{ origin: TokenOrigin; secret?: string } | null> {
    const secrets = validSecrets(account, now);
    const signedWith = secrets.find((apiSecret) =>
      tokensMatch(token, computeApiToken({ username: account.username, apiKey: account.api_key, apiSecret, timestamp })),
    );
    if (signedWith !== undefined) return { origin: { kind: 'signature', secretFingerprint: secretFingerprint(signedWith) }, secret: signedWith };
    const record = await this.accessRecords.findValid(account.api_key, token, now);
    if (!record) return null;
    // A record lasts no longer than the secret that signed its request (records from before fingerprints have none).
    const stillSigned = record.secret_fingerprint === undefined || secrets.some((secret) => secretFingerprint(secret) === record.secret_fingerprint);
    return stillSigned ? { origin: { kind: 'access-record' } } : null;
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
