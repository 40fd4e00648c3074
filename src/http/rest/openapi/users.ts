// The users and sign-in operations of the OpenAPI document (docs/staff.md): /v1/users with the API headers, and the
// browser sign-in under /auth.
import { z } from 'zod';
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import {
  INVALID_SIGN_IN_MESSAGE,
  PasswordChangeRequestSchema,
  SignedInUserSchema,
  SignInRequestSchema,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../users/sign-ins.js';
import { NewUserRequestSchema, UserChangeRequestSchema, UserListSchema, UserSchema, type UserView } from '../../../users/users.js';
import { CROSS_SITE_WRITE_MESSAGE } from '../../cross-site-requests.js';
import { EXAMPLE, ErrorBody, errorExample, errorResponse, json, jsonBody, MessageBody, v1Errors, v1Ok } from './common.js';

const exampleUser = { username: 'jane.doe', name: 'Jane Doe', role: 'inspector', created_at: '2026-03-14T09:30:00.000Z' } satisfies UserView;
const exampleSignedIn = { username: 'jane.doe', name: 'Jane Doe', role: 'inspector', account: EXAMPLE.username } satisfies z.output<typeof SignedInUserSchema>;

const UserPathUsername = z.string().meta({ param: { name: 'username', in: 'path', required: true, example: 'jane.doe' } });

const invalidSignIn: ZodOpenApiResponseObject = {
  description: 'Wrong username or password (the same answer for both).',
  content: json(ErrorBody, { invalid: errorExample({ message: INVALID_SIGN_IN_MESSAGE }) }),
};

const notSignedIn: ZodOpenApiResponseObject = {
  description: 'No live sign-in: no cookie, or it was ended by logout, user deletion or expiry.',
  content: json(ErrorBody, { signedOut: errorExample({ message: 'Not signed in.' }) }),
};

const SIGN_IN_DESCRIPTION = [
  'Sets the `cg_session` cookie (HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https). It names a server-side sign-in',
  'that ends on logout, on deletion of the user, after 12 hours without use or 7 days after sign-in. More than 5 failures for one',
  'username within 15 minutes answer 429 with Retry-After.',
].join('\n');

export function userPaths(): ZodOpenApiPathsObject {
  return { ...v1UserPaths(), ...signInPaths() };
}

function v1UserPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/users': {
      get: {
        tags: ['Users'],
        summary: "List the account's users",
        description:
          "The account's people (the dashboard's users), oldest first, without passwords: username, name, role and when each was created. API headers only (docs/staff.md).",
        operationId: 'listUsers',
        responses: { '200': v1Ok('The users, oldest first.', UserListSchema, { data: [exampleUser] }), ...v1Errors() },
      },
      post: {
        tags: ['Users'],
        summary: 'Create a user',
        description: 'The password (at least 12 characters) is stored only as an argon2id hash. A 400 message names the field.',
        operationId: 'createUser',
        requestBody: jsonBody(NewUserRequestSchema, {
          user: { username: 'jane.doe', password: 'correct horse battery', role: 'inspector', name: 'Jane Doe' },
        }),
        responses: { '201': v1Ok('The user.', UserSchema, exampleUser), ...v1Errors('BadRequest', 'Conflict', 'PayloadTooLarge') },
      },
    },
    '/v1/users/{username}': {
      patch: {
        tags: ['Users'],
        summary: 'Change a user',
        description: [
          "Changes the user's role, name or password; only the fields given change. A new password (at least 12 characters)",
          "ends every sign-in of the user at once. Demoting the account's last owner answers 409 and changes nothing (docs/staff.md).",
        ].join('\n'),
        operationId: 'updateUser',
        parameters: [UserPathUsername],
        requestBody: jsonBody(UserChangeRequestSchema, { promote: { role: 'owner' }, resetPassword: { password: 'a new long passphrase' } }),
        responses: {
          '200': v1Ok('The user as changed.', UserSchema, { ...exampleUser, role: 'owner' }),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
      delete: {
        tags: ['Users'],
        summary: 'Delete a user',
        description: "Every sign-in of the user ends at once. Removing the account's last owner answers 409 and removes no one.",
        operationId: 'deleteUser',
        parameters: [UserPathUsername],
        responses: { '200': v1Ok('Confirmation.', MessageBody, { message: 'User jane.doe has been deleted.' }), ...v1Errors('NotFound', 'Conflict') },
      },
    },
  };
}

function signInPaths(): ZodOpenApiPathsObject {
  return {
    '/auth/login': {
      post: {
        tags: ['Sign-in'],
        summary: 'Sign in a user',
        description: SIGN_IN_DESCRIPTION,
        operationId: 'signIn',
        security: [],
        requestBody: jsonBody(SignInRequestSchema, { signIn: { username: 'jane.doe', password: 'correct horse battery' } }),
        responses: {
          '200': {
            description: 'Signed in.',
            headers: { 'Set-Cookie': { description: 'The cg_session cookie.', schema: { type: 'string' } } },
            content: json(SignedInUserSchema, { signedIn: exampleSignedIn }),
          },
          '400': errorResponse('BadRequest'),
          '401': invalidSignIn,
          '413': errorResponse('PayloadTooLarge'),
          '429': {
            description: 'Too many failed sign-ins for this username.',
            headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
            content: json(ErrorBody, {
              throttled: errorExample({ message: 'Too many failed sign-ins for this username. Retry after the time given in Retry-After.' }),
            }),
          },
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/auth/logout': {
      post: {
        tags: ['Sign-in'],
        summary: 'Sign out',
        description:
          'Ends the sign-in named by the cookie (if any) and clears the cookie. Send it with content-type application/json (or the graphql-require-preflight header): anything a foreign page could post is refused with 403.',
        operationId: 'signOut',
        security: [{ SignInCookie: [] }],
        responses: {
          '204': { description: 'Signed out; the sign-in record is gone.' },
          '403': {
            description: 'A request a foreign page could have made with the visitor’s cookie: nothing ended.',
            content: json(ErrorBody, { crossSite: errorExample({ message: CROSS_SITE_WRITE_MESSAGE }) }),
          },
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/auth/password': {
      post: {
        tags: ['Sign-in'],
        summary: 'Change my password',
        description: [
          'The signed-in user (the cookie) sets a new password (at least 12 characters) after giving the current one. Every other',
          'sign-in of theirs ends; this one goes on. Send it with content-type application/json (or the graphql-require-preflight',
          'header): anything a foreign page could post is refused with 403. Wrong current passwords count toward the sign-in',
          'throttle of the username (429 with Retry-After).',
        ].join('\n'),
        operationId: 'changePassword',
        security: [{ SignInCookie: [] }],
        requestBody: jsonBody(PasswordChangeRequestSchema, {
          change: { current_password: 'correct horse battery', new_password: 'a new long passphrase' },
        }),
        responses: {
          '204': { description: 'Changed; the other sign-ins of the user have ended.' },
          '400': errorResponse('BadRequest'),
          '401': {
            description: 'No live sign-in, or the current password is wrong: nothing changed.',
            content: json(ErrorBody, {
              wrongPassword: errorExample({ message: WRONG_CURRENT_PASSWORD_MESSAGE }),
              signedOut: errorExample({ message: 'Not signed in.' }),
            }),
          },
          '403': {
            description: 'A request a foreign page could have made with the visitor’s cookie: nothing changed.',
            content: json(ErrorBody, { crossSite: errorExample({ message: CROSS_SITE_WRITE_MESSAGE }) }),
          },
          '413': errorResponse('PayloadTooLarge'),
          '429': {
            description: 'Too many failed password checks for this username.',
            headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
            content: json(ErrorBody, {
              throttled: errorExample({ message: 'Too many failed sign-ins for this username. Retry after the time given in Retry-After.' }),
            }),
          },
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/auth/me': {
      get: {
        tags: ['Sign-in'],
        summary: 'The signed-in user',
        description: 'Who the sign-in cookie belongs to: the user with their account and role, or 401 when the cookie is missing, expired or ended.',
        operationId: 'getSignedInUser',
        security: [{ SignInCookie: [] }],
        responses: {
          '200': { description: 'The user.', content: json(SignedInUserSchema, { signedIn: exampleSignedIn }) },
          '401': notSignedIn,
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}
