// The account's API keys by the owner or the API headers (docs/rest-guide.md "Test keys"): create a test or live key
// (its secret shown once), list them without secrets, revoke one. The account's own first key is listed and can
// neither be revoked nor revoke itself; it is rotated instead (docs/rest-guide.md "Secret rotation").
import { randomBytes } from 'node:crypto';
import type { Account, AccountId } from '../domain/account.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import { firstIssueMessage } from '../domain/validation.js';
import { badRequest, conflict, limitReached, notFound } from '../errors.js';
import {
  CreateApiKeyBodySchema,
  MAX_API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyMode,
  type ApiKeyView,
  type ApiKeyWithSecret,
} from '../domain/api-keys.js';

/** The key a request was signed with, as the authenticator names it. */
export interface SigningKey {
  apiKey: string;
  mode: ApiKeyMode;
}

/** Where an account and its further keys are read (the account cache, the api_keys collection). */
export interface KeyLookup {
  accounts: {
    findByApiKey(apiKey: string, options?: { fresh?: boolean }): Promise<Account | null>;
    findById(id: AccountId): Promise<Account | null>;
  };
  keys: Pick<ApiKeyStore, 'find'>;
}

/**
 * The account an API key signs for: the account's own key, or one of its further keys (then with that key's record).
 * The one lookup behind authentication and every use that starts from a key a record names (a callback's owner).
 */
export async function findKeyOwner(
  lookup: KeyLookup,
  apiKey: string,
  options: { fresh?: boolean } = {},
): Promise<{ account: Account; further: ApiKey | null } | null> {
  const own = await lookup.accounts.findByApiKey(apiKey, options);
  if (own) return { account: own, further: null };
  const further = await lookup.keys.find(apiKey);
  const account = further ? await lookup.accounts.findById(further.accountId) : null;
  return further && account ? { account, further } : null;
}

export class ApiKeys {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(account: Account, body: unknown): Promise<ApiKeyWithSecret> {
    const parsed = CreateApiKeyBodySchema.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    if ((await this.keys.countForAccount(account.id)) >= MAX_API_KEYS_PER_ACCOUNT) {
      throw limitReached(`An account holds at most ${MAX_API_KEYS_PER_ACCOUNT} keys besides its own; revoke one first.`);
    }
    const key: ApiKey = {
      apiKey: randomBytes(24).toString('base64url'),
      accountId: account.id,
      apiSecret: randomBytes(32).toString('base64url'),
      mode: parsed.data.mode,
      label: parsed.data.label ?? null,
      createdAt: this.clock(),
    };
    await this.keys.insert(key);
    return { ...keyView(key), api_secret: key.apiSecret };
  }

  async list(account: Account): Promise<ApiKeyList> {
    const own: ApiKeyView = { api_key: account.apiKey, mode: 'live', label: null, created_at: account.createdAt.toISOString() };
    return { data: [own, ...(await this.keys.listForAccount(account.id)).map(keyView)] };
  }

  /** `signedWith` is the key of the request (null for a signed-in owner): a key cannot revoke itself. */
  async revoke(account: Account, apiKey: string, signedWith: string | null): Promise<{ message: string }> {
    if (apiKey === signedWith) throw conflict('A key cannot revoke itself: sign the request with another key of the account.');
    if (apiKey === account.apiKey) throw conflict("The account's own key cannot be revoked; rotate its secret instead.");
    if (!(await this.keys.delete(account.id, apiKey))) throw notFound('No such API key in this account.');
    return { message: 'The API key was revoked.' };
  }
}

function keyView(key: ApiKey): ApiKeyView {
  return { api_key: key.apiKey, mode: key.mode, label: key.label, created_at: key.createdAt.toISOString() };
}
