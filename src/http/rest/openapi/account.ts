// The account's own settings in the OpenAPI document (docs/staff.md "Account settings by the owner"): /v1/account, its
// logo, and the logo's public address.
import { z } from 'zod';
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { AccountSettingsSchema, AccountSettingsViewSchema, type AccountSettingsView } from '../../../accounts/accounts.js';
import { MAX_LOGO_BYTES } from '../../../domain/account-logo.js';
import { ApiKeyListSchema, ApiKeyWithSecretSchema, CreateApiKeyBodySchema, MAX_API_KEYS_PER_ACCOUNT, type ApiKeyView } from '../../../domain/api-keys.js';
import { CROSS_SITE_WRITE_MESSAGE } from '../../cross-site-requests.js';
import { AuthenticationErrorBody, EXAMPLE, ErrorBody, errorExample, errorResponse, json, jsonBody, v1Errors, v1Ok } from './common.js';

const exampleSettings = {
  username: EXAMPLE.username,
  display_name: 'Acme Motors',
  brand_color: '#0b5fff',
  default_language: 'en',
  default_theme: 'PRO',
  expiration_hours: 72,
  review_mode: 'manual',
  redirect_url: 'https://acme.example/thanks',
  notification_emails: ['service@acme.example'],
  has_logo: true,
} satisfies AccountSettingsView;

const exampleOwnKey: ApiKeyView = { api_key: EXAMPLE.apiKey, mode: 'live', label: null, created_at: '2026-03-01T08:00:00.000Z' };
const exampleTestKey: ApiKeyView = { api_key: 'tK2m9QxWv4Lr8YbN3cJp6HsD1fGa7ZeU', mode: 'test', label: 'staging', created_at: '2026-03-10T14:30:00.000Z' };

const LogoBytes = z.string().meta({ format: 'binary', description: `A PNG or JPEG image of at most ${MAX_LOGO_BYTES / 1024} KB.` });

const LOGO_SECURITY: Record<string, string[]>[] = [{ ApiKey: [], ApiToken: [], ApiTimestamp: [] }, { SignInCookie: [] }];

/** A logo write by cookie answers its own 403s beside the API headers' one. */
const logoForbidden: ZodOpenApiResponseObject = {
  description:
    'The API headers could not be validated; or, signed in by cookie, the request is one a foreign page could have made (send the ' +
    'graphql-require-preflight header), or the role is not owner. Nothing changed.',
  content: json(z.union([AuthenticationErrorBody, ErrorBody]), {
    crossSite: errorExample({ message: CROSS_SITE_WRITE_MESSAGE }),
    role: errorExample({ message: "The inspector role may not change the account's logo." }),
  }),
};

const signInEnded: ZodOpenApiResponseObject = {
  description: 'Signed in by cookie, but the sign-in has ended (logout, deletion, expiry).',
  content: json(ErrorBody, { ended: errorExample({ message: 'The sign-in has ended. Sign in again.' }) }),
};

const LOGO_DESCRIPTION = [
  'With the API headers, or the cookie of a signed-in owner (then with the header graphql-require-preflight, as every cookie write).',
  `The body is the image itself: PNG or JPEG, at most ${MAX_LOGO_BYTES / 1024} KB; its bytes, not its declared type, decide. The service`,
  'writes it again (no metadata is kept), fitted inside 480 × 160 pixels, and serves it at a new public URL under /logos/ (the GraphQL',
  'field accountSettings.logoUrl): the capture page, the dashboard and the report show it. Anything else answers 400 and keeps nothing.',
].join(' ');

export function accountPaths(): ZodOpenApiPathsObject {
  const logoWrite = (summary: string, operationId: string, extra: object, ok: string) => ({
    tags: ['Account'],
    summary,
    operationId,
    security: LOGO_SECURITY,
    ...extra,
    responses: {
      '200': v1Ok(ok, AccountSettingsViewSchema, exampleSettings),
      ...v1Errors('BadRequest', 'Conflict'),
      '401': signInEnded,
      '403': logoForbidden,
    },
  });
  return {
    '/v1/account': {
      get: {
        tags: ['Account'],
        summary: "The account's settings",
        description:
          "How the account's capture pages and reports look (display name, colour, logo) and what its sessions default to (language, " +
          'theme, expiry, review mode, redirect) and who is told of what. Read from the database, so a change made on another instance shows at once.',
        operationId: 'getAccountSettings',
        responses: { '200': v1Ok('The settings.', AccountSettingsViewSchema, exampleSettings), ...v1Errors() },
      },
      patch: {
        tags: ['Account'],
        summary: "Change the account's settings",
        description:
          'Any of the settings but username and has_logo; only what is given changes (null clears redirect_url and brand_color). ' +
          'The same change as the admin API’s PATCH /admin/accounts/{username}; GraphQL updateAccountSettings for a signed-in owner.',
        operationId: 'updateAccountSettings',
        requestBody: jsonBody(AccountSettingsSchema, {
          brand: { display_name: 'Acme Motors', brand_color: '#0b5fff' },
          review: { review_mode: 'auto', default_language: 'es', notification_emails: ['service@acme.example'] },
        }),
        responses: { '200': v1Ok('The settings as they are now.', AccountSettingsViewSchema, exampleSettings), ...v1Errors('BadRequest', 'PayloadTooLarge') },
      },
    },
    '/v1/account/api-keys': {
      get: {
        tags: ['Account'],
        summary: "The account's API keys",
        description: 'Every key that signs for the account, its own first (mode live, label null); no secrets. GraphQL apiKeys for a signed-in owner.',
        operationId: 'listApiKeys',
        responses: { '200': v1Ok('The keys.', ApiKeyListSchema, { data: [exampleOwnKey, exampleTestKey] }), ...v1Errors() },
      },
      post: {
        tags: ['Account'],
        summary: 'Create an API key',
        description: [
          'A further key signing for the same account (API-Token = HMAC of username:api_key@API-Timestamp with its own secret), with callbacks',
          'of its own. A `test` key makes test sessions: `"test": true`, left out of lists and exports unless asked for, and simulated by',
          `POST /v1/sessions/{sessionKey}/simulate. The secret is shown in this answer only. At most ${MAX_API_KEYS_PER_ACCOUNT} keys besides the account's own.`,
        ].join(' '),
        operationId: 'createApiKey',
        requestBody: jsonBody(CreateApiKeyBodySchema, { test: { mode: 'test', label: 'staging' } }),
        responses: {
          '201': v1Ok('The key with its secret.', ApiKeyWithSecretSchema, { ...exampleTestKey, api_secret: EXAMPLE.apiSecret }),
          ...v1Errors('BadRequest'),
        },
      },
    },
    '/v1/account/api-keys/{apiKey}': {
      delete: {
        tags: ['Account'],
        summary: 'Revoke an API key',
        description:
          "The key stops signing at once. The key the request is signed with cannot revoke itself, nor can the account's own key be revoked (rotate its secret instead): 409.",
        operationId: 'revokeApiKey',
        parameters: [z.string().meta({ param: { name: 'apiKey', in: 'path', required: true, example: exampleTestKey.api_key } })],
        responses: {
          '200': v1Ok('Revoked.', z.object({ message: z.string() }), { message: 'The API key was revoked.' }),
          ...v1Errors('NotFound', 'Conflict'),
        },
      },
    },
    '/v1/account/logo': {
      put: logoWrite(
        "Upload the account's logo",
        'putAccountLogo',
        {
          description: LOGO_DESCRIPTION,
          requestBody: { required: true, content: { 'image/png': { schema: LogoBytes }, 'image/jpeg': { schema: LogoBytes } } },
        },
        'The settings, with has_logo true.',
      ),
      delete: logoWrite(
        "Remove the account's logo",
        'deleteAccountLogo',
        { description: 'With the API headers or a signed-in owner’s cookie (and graphql-require-preflight). Removing none is no error.' },
        'The settings, with has_logo false.',
      ),
    },
    '/logos/{file}': {
      get: {
        tags: ['Account'],
        summary: "An account's logo",
        description:
          'Public (the capture page and report links show it) and named by a random token that changes with every upload, never by ' +
          'the account: served with `Cache-Control: public, max-age=31536000, immutable`. A replaced or removed logo answers 404.',
        operationId: 'getLogo',
        security: [],
        parameters: [
          z
            .string()
            .regex(/^[A-Za-z0-9_-]{32}\.(png|jpg)$/)
            .meta({ param: { name: 'file', in: 'path', required: true, example: 'q3vTt0bqzP1mWk7yH2sLc9dXa4FeN8Rj.png' } }),
        ],
        responses: {
          '200': {
            description: 'The logo.',
            content: Object.fromEntries(['image/png', 'image/jpeg'].map((type) => [type, { schema: z.string().meta({ contentMediaType: type }) }])),
          },
          '404': errorResponse('NotFound'),
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}
