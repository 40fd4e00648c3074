// The account's API keys in GraphQL (docs/rest-guide.md "Test keys"): the dashboard's owner lists, creates and revokes
// them over the same use case as /v1/account/api-keys; the API headers may too.
import { builder } from './builder.js';
import { requireAccount } from './context.js';
import { descriptionOf } from './descriptions.js';
import { API_KEY_MODES, ApiKeySchema, ApiKeyWithSecretSchema, CreateApiKeyBodySchema, type ApiKeyView, type ApiKeyWithSecret } from '../../domain/api-keys.js';

const ApiKeyModeEnum = builder.enumType('ApiKeyMode', {
  description: descriptionOf(CreateApiKeyBodySchema.shape.mode),
  values: Object.fromEntries(
    API_KEY_MODES.map((mode) => [
      mode.toUpperCase(),
      { value: mode, description: mode === 'test' ? 'Test sessions: simulated, left out of lists.' : 'Ordinary sessions.' },
    ]),
  ),
});

const ApiKeyType = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: ApiKeySchema.description,
  fields: (t) => ({
    apiKey: t.exposeString('api_key', { description: descriptionOf(ApiKeySchema.shape.api_key) }),
    mode: t.field({ type: ApiKeyModeEnum, description: 'live or test.', resolve: (key) => key.mode }),
    label: t.exposeString('label', { nullable: true, description: 'What the key is for; null for the account’s own key.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the key was made.', resolve: (key) => new Date(key.created_at) }),
  }),
});

const NewApiKeyType = builder.objectRef<ApiKeyWithSecret>('NewApiKey').implement({
  description: 'A key just made, with its secret: the only time the secret is shown.',
  fields: (t) => ({
    key: t.field({ type: ApiKeyType, description: 'The key.', resolve: (created) => created }),
    apiSecret: t.exposeString('api_secret', { description: descriptionOf(ApiKeyWithSecretSchema.shape.api_secret) }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.field({
    authScopes: { role: 'owner' },
    type: [ApiKeyType],
    description: "The account's API keys, its own first (GET /v1/account/api-keys); no secrets.",
    resolve: async (_root, _args, context) => (await context.services.apiKeys.list(await requireAccount(context))).data,
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    authScopes: { role: 'owner' },
    type: NewApiKeyType,
    description: 'Makes an API key (POST /v1/account/api-keys): a test key makes test sessions, which can be simulated.',
    args: {
      mode: t.arg({ type: ApiKeyModeEnum, required: true, description: 'live or test.' }),
      label: t.arg.string({ description: descriptionOf(CreateApiKeyBodySchema.shape.label) }),
    },
    resolve: async (_root, { mode, label }, context) =>
      context.services.apiKeys.create(await requireAccount(context), label === null || label === undefined ? { mode } : { mode, label }),
  }),
  revokeApiKey: t.field({
    authScopes: { role: 'owner' },
    type: 'String',
    description: 'Revokes one of the account’s further keys at once (DELETE /v1/account/api-keys/{api_key}); not the account’s own, not the calling one.',
    args: { apiKey: t.arg.string({ required: true, description: 'The key to revoke.' }) },
    resolve: async (_root, { apiKey }, context) => {
      const principal = await context.principal();
      const signedWith = principal.kind === 'account' ? principal.key.apiKey : null;
      return (await context.services.apiKeys.revoke(await requireAccount(context), apiKey, signedWith)).message;
    },
  }),
}));
