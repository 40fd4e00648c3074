// The account's own settings (docs/staff.md "Account settings by the owner"): GET and PATCH /v1/account with the API
// headers, its API keys, the logo put and removed with the API headers or an owner's cookie (the dashboard uploads it as a file),
// and the logo's public, cacheable address /logos/<token>.<ext>.
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import { LOGO_PATH_PREFIX, LOGO_REFUSALS, MAX_LOGO_BYTES } from '../../domain/account-logo.js';
import { authenticateRequest } from '../request-authentication.js';
import { apiOrSignedInWrite } from './api-or-cookie.js';
import { readBodyBytes, readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';

/** A logo's URL changes with every upload, so any cache may keep one for a year. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CHANGE_LOGO = "change the account's logo";

export function registerAccountRoutes(router: Router, services: UseCases): void {
  router.on('GET', '/v1/account', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.accounts.settings(account));
  });

  router.on('PATCH', '/v1/account', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.accounts.updateOwn(account, await readJsonBody(request)));
  });

  // The account's API keys (docs/rest-guide.md "Test keys"); a signed-in owner uses GraphQL apiKeys / createApiKey.
  router.on('GET', '/v1/account/api-keys', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.apiKeys.list(account));
  });

  router.on('POST', '/v1/account/api-keys', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 201, await services.apiKeys.create(account, await readJsonBody(request)));
  });

  router.on('DELETE', '/v1/account/api-keys/:apiKey', async ({ request, response, params }) => {
    const { account, key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.apiKeys.revoke(account, params.apiKey ?? '', key.apiKey));
  });

  router.on('PUT', '/v1/account/logo', async ({ request, response }) => {
    const account = await apiOrSignedInWrite(services, request, 'owner', CHANGE_LOGO);
    sendJson(response, 200, await services.accountLogos.set(account, await readLogo(request)));
  });

  router.on('DELETE', '/v1/account/logo', async ({ request, response }) => {
    const account = await apiOrSignedInWrite(services, request, 'owner', CHANGE_LOGO);
    sendJson(response, 200, await services.accountLogos.remove(account));
  });

  // Public: a logo is shown to anyone with a capture link or a report link. Its token is random (no account is named).
  router.on('GET', `${LOGO_PATH_PREFIX}/:file`, async ({ request, response, params }) => {
    const logo = await services.accountLogos.open(params.file ?? '');
    if (!logo) return sendJson(response, 404, { message: 'Logo not found.' });
    response.writeHead(200, {
      'content-type': logo.contentType,
      'content-length': String(logo.size),
      'cache-control': LOGO_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    if (request.method === 'HEAD') {
      logo.body.destroy();
      response.end();
      return;
    }
    await pipeline(logo.body, response).catch(() => response.destroy());
  });
}

/** The uploaded image: the body itself. Over 256 KB is a 400 like any other unusable logo (nothing is kept). */
async function readLogo(request: IncomingMessage): Promise<Buffer> {
  try {
    return await readBodyBytes(request, MAX_LOGO_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      throw new AppError('BAD_REQUEST', LOGO_REFUSALS.tooLarge, {}, error.headers);
    }
    throw error;
  }
}
