// Validates the three API headers of a request (REST and GraphQL alike) and names the account they belong to.
import type { Account } from '../domain/account.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import type { CachedAccountStore } from '../accounts/account-cache.js';
import { findKeyOwner, type SigningKey } from '../accounts/api-keys.js';
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
  account: Account;
  /** The key that signed the request: the account's own (live) or one of its further keys (docs/rest-guide.md). */
  key: SigningKey;
  credentials: { apiKey: string; apiToken: string; apiTimestamp: string; issuedAt: Date };
  /** How the token was accepted: signed with one of the account's secrets, or presented again from an access record. */
  via: TokenOrigin;
}

export type TokenOrigin = { kind: 'signature'; secretFingerprint: string } | { kind: 'access-record' };

/** An API key with the account it signs for and the secrets it is signed with now. */
export interface KeyHolder {
  account: Account;
  key: SigningKey;
  secrets(now: Date): string[];
}

export class Authenticator {
  private readonly acceptedSignatures = new AcceptedSignatures();

  constructor(
    private readonly accounts: CachedAccountStore,
    private readonly accessRecords: AccessRecordStore,
    private readonly keys: ApiKeyStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async authenticate({ apiKey, apiToken, apiTimestamp }: ApiCredentials): Promise<AuthenticatedAccount> {
    const now = this.clock();
    const remembered = apiKey && apiToken && apiTimestamp ? await this.rememberedSignature(apiKey, apiToken, apiTimestamp, now) : null;
    if (remembered) return remembered;
    const issuedAt = apiTimestamp ? parseApiTimestamp(apiTimestamp) : null;
    if (!apiTimestamp || !issuedAt || !isFresh(issuedAt, now)) throw new AuthenticationError('Invalid API Timestamp');
    let holder = apiKey ? await this.findKey(apiKey, false) : null;
    if (!apiKey || !holder) throw new AuthenticationError('Invalid API Key');
    if (!apiToken) throw new AuthenticationError('Invalid API Token');
    let via = await this.acceptToken(holder, apiToken, apiTimestamp, now);
    if (!via) {
      // A cached account may predate a secret rotation made on another instance: read it once more before refusing.
      holder = await this.findKey(apiKey, true);
      via = holder ? await this.acceptToken(holder, apiToken, apiTimestamp, now) : null;
      if (!holder || !via) throw new AuthenticationError('Invalid API Token');
    }
    const { origin, secret } = via;
    if (origin.kind === 'signature' && secret) {
      this.acceptedSignatures.remember(apiKey, apiTimestamp, apiToken, { issuedAt, secret, secretFingerprint: origin.secretFingerprint });
    }
    return { account: holder.account, key: holder.key, credentials: { apiKey, apiToken, apiTimestamp, issuedAt }, via: via.origin };
  }

  /** A signature checked before, still fresh and still signed with one of the account's secrets; else null. */
  private async rememberedSignature(apiKey: string, apiToken: string, apiTimestamp: string, now: Date): Promise<AuthenticatedAccount | null> {
    const signature = this.acceptedSignatures.get(apiKey, apiTimestamp, apiToken);
    if (!signature) return null;
    if (!isFresh(signature.issuedAt, now)) {
      this.acceptedSignatures.forget(apiKey, apiTimestamp, apiToken);
      return null;
    }
    const holder = await this.findKey(apiKey, false);
    if (!holder?.secrets(now).includes(signature.secret)) return null;
    return {
      account: holder.account,
      key: holder.key,
      credentials: { apiKey, apiToken, apiTimestamp, issuedAt: signature.issuedAt },
      via: { kind: 'signature', secretFingerprint: signature.secretFingerprint },
    };
  }

  /** The key and its account as stored now (not cached): long-lived sockets check that their credentials still hold. */
  currentKey(apiKey: string): Promise<KeyHolder | null> {
    return this.findKey(apiKey, true);
  }

  /**
   * Whether credentials accepted earlier (a long-lived socket's) still hold for the account as it is now: signed with
   * a secret still in force, or an access-record token still valid. The timestamp's age is not checked again.
   */
  async stillHolds(holder: KeyHolder, credentials: { apiToken: string; apiTimestamp: string }): Promise<boolean> {
    return (await this.acceptToken(holder, credentials.apiToken, credentials.apiTimestamp, this.clock())) !== null;
  }

  /**
   * The account's own key, or one of its further keys. Accounts are read on every request, so they come from a
   * short-lived cache (secrets are re-read on a mismatch); a further key is read each time, so a revoked one stops
   * working at once.
   */
  private async findKey(apiKey: string, fresh: boolean): Promise<KeyHolder | null> {
    const found = await findKeyOwner({ accounts: this.accounts, keys: this.keys }, apiKey, { fresh });
    if (!found) return null;
    const { account, further } = found;
    if (!further) return { account, key: { apiKey, mode: 'live' }, secrets: (now) => validSecrets(account, now) };
    return { account, key: { apiKey, mode: further.mode }, secrets: () => [further.apiSecret] };
  }

  /** How the token is accepted, with the secret that signed it when it is a signature; null when it is not. */
  private async acceptToken(holder: KeyHolder, token: string, timestamp: string, now: Date): Promise<{ origin: TokenOrigin; secret?: string } | null> {
    const secrets = holder.secrets(now);
    const { username } = holder.account;
    const apiKey = holder.key.apiKey;
    const signedWith = secrets.find((apiSecret) => tokensMatch(token, computeApiToken({ username, apiKey, apiSecret, timestamp })));
    if (signedWith !== undefined) return { origin: { kind: 'signature', secretFingerprint: secretFingerprint(signedWith) }, secret: signedWith };
    const record = await this.accessRecords.findValid(apiKey, token, now);
    if (!record) return null;
    // A record lasts no longer than the secret that signed its request.
    const stillSigned = secrets.some((secret) => secretFingerprint(secret) === record.secretFingerprint);
    return stillSigned ? { origin: { kind: 'access-record' } } : null;
  }
}

function validSecrets(account: Account, now: Date): string[] {
  const previous = account.previousSecret;
  return previous && previous.expiresAt > now ? [account.apiSecret, previous.secret] : [account.apiSecret];
}

export function readApiCredentials(get: (name: string) => string | null | undefined): ApiCredentials {
  return {
    apiKey: get('api-key') ?? undefined,
    apiToken: get('api-token') ?? undefined,
    apiTimestamp: get('api-timestamp') ?? undefined,
  };
}
