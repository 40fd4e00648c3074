// /v1/users (docs/staff.md): an account's people, managed with the API headers.
import type { UseCases } from '../../services.js';
import type { UserList } from '../../users/users.js';
import { authenticateRequest } from '../request-authentication.js';
import { readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';

export function registerUserRoutes(router: Router, services: UseCases): void {
  router.on('POST', '/v1/users', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 201, await services.users.create(account, await readJsonBody(request)));
  });

  router.on('GET', '/v1/users', async ({ request, response }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, { data: await services.users.list(account) } satisfies UserList);
  });

  router.on('PATCH', '/v1/users/:username', async ({ request, response, params }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.users.update(account, params.username ?? '', await readJsonBody(request)));
  });

  router.on('DELETE', '/v1/users/:username', async ({ request, response, params }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.users.delete(account, params.username ?? ''));
  });
}
