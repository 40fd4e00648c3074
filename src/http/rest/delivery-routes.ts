// Webhook delivery routes (docs/webhooks.md): a callback's deliveries with their attempts, redelivery, recovery of
// everything that failed since a time, a test send.
import type { UseCases } from '../../services.js';
import { readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';
import { authenticateRequest } from '../request-authentication.js';
import type { DeliveryList } from '../../webhooks/deliveries.js';

export function registerDeliveryRoutes(router: Router, services: UseCases): void {
  /** ?limit=1-100 (default 20) &cursor=<next_cursor of the previous page> &session_key=<only this session's>; newest first. */
  router.on('GET', '/v1/callbacks/:event/deliveries', async ({ request, response, params, url }) => {
    const { key } = await authenticateRequest(services, request);
    const page = await services.deliveries.list(key.apiKey, params.event ?? '', {
      limit: url.searchParams.get('limit') ?? undefined,
      cursor: url.searchParams.get('cursor') ?? undefined,
      sessionKey: url.searchParams.get('session_key'),
    });
    const answer = { api_key: key.apiKey, event: page.event, data: page.deliveries, next_cursor: page.nextCursor } satisfies DeliveryList;
    sendJson(response, 200, answer);
  });

  router.on('POST', '/v1/deliveries/:id/redeliver', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.deliveries.redeliver(key.apiKey, params.id ?? ''));
  });

  // 202: the deliveries are queued, not yet sent (docs/webhooks.md#recovery).
  router.on('POST', '/v1/callbacks/recover', async ({ request, response }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 202, await services.deliveries.recover(key.apiKey, (await readJsonBody(request)) ?? {}));
  });

  router.on('POST', '/v1/callbacks/:event/test', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.deliveries.sendTest(key.apiKey, params.event ?? ''));
  });
}
