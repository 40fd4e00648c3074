// The admin operations of the OpenAPI document (docs/rest-guide.md): accounts, present only when ADMIN_TOKEN is set.
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  ACCOUNT_USERNAME_PATTERN,
  AccountListSchema,
  AccountSchema,
  AccountSettingsSchema,
  AccountWithSecretSchema,
  type AccountView,
} from '../../../accounts/accounts.js';
import { CreatedAccountSchema, NewAccountRequestSchema } from '../../../users/first-owner.js';
import type { UserView } from '../../../users/users.js';
import { EXAMPLE, errorResponse, json, jsonBody } from './common.js';

const exampleAccount = {
  username: EXAMPLE.username,
  api_key: EXAMPLE.apiKey,
  expiration_hours: 72,
  default_theme: 'PRO',
  redirect_url: null,
  review_mode: 'manual',
  display_name: 'Acme Motors',
  brand_color: '#0b5fff',
  default_language: 'en',
  notification_emails: ['service@acme.example'],
  created_at: '2026-03-01T12:00:00.000Z',
} satisfies AccountView;

const exampleOwner = { username: 'jane.doe', name: 'Jane Doe', role: 'owner', created_at: exampleAccount.created_at } satisfies UserView;

const UsernameParam = z
  .string()
  .regex(ACCOUNT_USERNAME_PATTERN)
  .meta({ param: { id: 'Username', name: 'username', in: 'path', required: true, example: EXAMPLE.username } });

const ADMIN_SECURITY = [{ AdminBearer: [] }];

export function adminPaths(): ZodOpenApiPathsObject {
  return {
    '/admin/accounts': {
      get: {
        tags: ['Admin'],
        summary: 'List accounts (without secrets)',
        description: "Every account of the service with its settings, without API secrets. Needs the operator's admin token (Authorization: Bearer).",
        operationId: 'listAccounts',
        security: ADMIN_SECURITY,
        responses: {
          '200': { description: 'The accounts.', content: json(AccountListSchema, { accounts: { data: [exampleAccount] } }) },
          '401': errorResponse('Unauthorized'),
          '500': errorResponse('InternalError'),
        },
      },
      post: {
        tags: ['Admin'],
        summary: 'Create an account',
        operationId: 'createAccount',
        security: ADMIN_SECURITY,
        description: 'With `owner`, the account is created together with its first owner user (returned as `owner`).',
        requestBody: jsonBody(NewAccountRequestSchema, {
          account: { username: EXAMPLE.username },
          withOwner: { username: EXAMPLE.username, owner: { username: 'jane.doe', password: 'correct horse battery', name: 'Jane Doe' } },
        }),
        responses: {
          '201': {
            description: 'The account with its credentials.',
            content: json(CreatedAccountSchema, {
              account: { ...exampleAccount, api_secret: EXAMPLE.apiSecret },
              withOwner: { ...exampleAccount, api_secret: EXAMPLE.apiSecret, owner: exampleOwner },
            }),
          },
          '400': errorResponse('BadRequest'),
          '401': errorResponse('Unauthorized'),
          '409': errorResponse('Conflict'),
          '413': errorResponse('PayloadTooLarge'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/admin/accounts/{username}': {
      patch: {
        tags: ['Admin'],
        summary: 'Change the settings of an account',
        description:
          "Changes an account's settings (display name, colour, language, theme, expiry, review mode, redirect URL, notification emails) with the operator's admin token; answers the account without secrets. Owners change the same settings themselves with PATCH /v1/account.",
        operationId: 'updateAccount',
        security: ADMIN_SECURITY,
        parameters: [UsernameParam],
        requestBody: jsonBody(AccountSettingsSchema, { review: { review_mode: 'auto' }, brand: { display_name: 'Acme Motors', brand_color: '#0b5fff' } }),
        responses: {
          '200': { description: 'The account, without secrets.', content: json(AccountSchema, { account: exampleAccount }) },
          '400': errorResponse('BadRequest'),
          '401': errorResponse('Unauthorized'),
          '404': errorResponse('NotFound'),
          '413': errorResponse('PayloadTooLarge'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/admin/accounts/{username}/rotate-secret': {
      post: {
        tags: ['Admin'],
        summary: 'Rotate the API secret of an account',
        description: 'Issues a new api_secret; tokens made with the old one are accepted for 24 more hours.',
        operationId: 'rotateAccountSecret',
        security: ADMIN_SECURITY,
        parameters: [UsernameParam],
        responses: {
          '200': {
            description: 'The account with its new secret.',
            content: json(AccountWithSecretSchema, { account: { ...exampleAccount, api_secret: 'Xr1d2KqJb7mN0pL5sT8vW3yZ6aC9eF4hI1jM0nQ3uV0' } }),
          },
          '401': errorResponse('Unauthorized'),
          '404': errorResponse('NotFound'),
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}
