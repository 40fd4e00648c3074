// The admin API (docs/rest-guide.md), present only when ADMIN_TOKEN is configured.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import type { AccountList } from '../../accounts/accounts.js';
import { AppError } from '../../errors.js';
import { bearerTokenMatches } from '../../auth/bearer-token.js';
import { createAccountWithOwner } from '../../users/first-owner.js';
import { readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';

export function registerAdminRoutes(router: Router, services: UseCases, adminToken: string): void {
  const requireAdmin = (request: IncomingMessage) => {
    if (!bearerTokenMatches(request.headers.authorization, adminToken)) {
      throw new AppError('UNAUTHENTICATED', 'A valid admin bearer token is required.');
    }
  };

  router.on('POST', '/admin/accounts', async ({ request, response }) => {
    requireAdmin(request);
    sendJson(response, 201, await createAccountWithOwner(services.accounts, services.users, await readJsonBody(request)));
  });

  router.on('GET', '/admin/accounts', async ({ request, response }) => {
    requireAdmin(request);
    sendJson(response, 200, { data: await services.accounts.list() } satisfies AccountList);
  });

  router.on('PATCH', '/admin/accounts/:username', async ({ request, response, params }) => {
    requireAdmin(request);
    sendJson(response, 200, await services.accounts.update(params.username ?? '', await readJsonBody(request)));
  });

  router.on('POST', '/admin/accounts/:username/rotate-secret', async ({ request, response, params }) => {
    requireAdmin(request);
    sendJson(response, 200, await services.accounts.rotateSecret(params.username ?? ''));
  });
}
