// API keys of an account (docs/rest-guide.md "Test keys"): the shapes the REST routes, OpenAPI and GraphQL share.
// A test key's sessions carry `test: true`, stay out of lists and exports unless asked for, and can be simulated.
import { z } from 'zod';
import { UtcTimestampSchema } from './time.js';
import type { AccountId } from './account.js';

export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** One of an account's further keys, as the key store returns it (src/store/api-keys.ts maps the stored shape). */
export interface ApiKey {
  /** The API-Key header value. */
  apiKey: string;
  accountId: AccountId;
  apiSecret: string;
  mode: ApiKeyMode;
  label: string | null;
  createdAt: Date;
}

/** Keys an account may hold besides its first one: enough for every environment, few enough to review. */
export const MAX_API_KEYS_PER_ACCOUNT = 20;

const LABEL_RULE = 'must be 1 to 100 characters.';

export const CreateApiKeyBodySchema = z
  .object({
    mode: z
      .enum(API_KEY_MODES, { error: 'must be test or live.' })
      .meta({ description: '`test`: its sessions are test sessions (simulate, left out of lists); `live`: ordinary.' }),
    label: z
      .string({ error: LABEL_RULE })
      .trim()
      .min(1, { error: LABEL_RULE })
      .max(100, { error: LABEL_RULE })
      .optional()
      .meta({ description: 'What the key is for, 1–100 characters (e.g. "staging").' }),
  })
  .strict()
  .meta({ id: 'CreateApiKeyBody' });

export const ApiKeySchema = z
  .object({
    api_key: z.string().meta({ description: 'The API-Key header value.' }),
    mode: z.enum(API_KEY_MODES),
    label: z.string().nullable(),
    created_at: UtcTimestampSchema,
  })
  .meta({ id: 'ApiKey', description: "One of the account's API keys; the first is the account's own (mode live, label null)." });

export const ApiKeyWithSecretSchema = ApiKeySchema.extend({
  api_secret: z.string().meta({ description: 'Shown only in this answer; keep it secret.' }),
}).meta({ id: 'ApiKeyWithSecret' });

export const ApiKeyListSchema = z.object({ data: z.array(ApiKeySchema) }).meta({ id: 'ApiKeyList' });

export type ApiKeyView = z.output<typeof ApiKeySchema>;
export type ApiKeyWithSecret = z.output<typeof ApiKeyWithSecretSchema>;
export type ApiKeyList = z.output<typeof ApiKeyListSchema>;
