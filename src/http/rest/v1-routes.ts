// The /v1 compatibility routes: parse the request, call a use case, answer in the spec's snake_case JSON.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import { authenticateRequest } from '../request-authentication.js';
import { readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';
import { damageCatalog } from '../../domain/damage-catalog.js';
import { sessionView } from '../../inspections/representation.js';
import type { InspectionSessionRecord } from '../../inspections/session-service.js';
import type { CallbackList } from '../../webhooks/callbacks.js';
import { API_ACTOR } from '../../domain/results.js';

export function registerV1Routes(router: Router, services: UseCases): void {
  const issueAccessRecord = async (request: IncomingMessage) => services.accessRecords.issue(await authenticateRequest(services, request));

  router.on('GET', '/v1/sessions', async ({ request, response }) => {
    sendJson(response, 200, await issueAccessRecord(request));
  });

  router.on('POST', '/v1/sessions', async ({ request, response }) => {
    const auth = await authenticateRequest(services, request);
    const body = await readJsonBody(request);
    if (isEmptyBody(body)) {
      sendJson(response, 200, await services.accessRecords.issue(auth));
      return;
    }
    const session = await services.sessions.create(auth.account, body, { source: 'api', key: auth.key });
    sendJson(response, 200, await apiSessionView(services, session));
  });

  // What a VIN says about the vehicle (docs/capture.md); an invalid VIN → 400 with the reason.
  router.on('GET', '/v1/vin/:vin', async ({ request, response, params }) => {
    await authenticateRequest(services, request);
    sendJson(response, 200, await services.vehicleDecoding.decode(params.vin ?? ''));
  });

  router.on('GET', '/v1/callbacks', async ({ request, response }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, { api_key: key.apiKey, data: await services.callbacks.list(key.apiKey) } satisfies CallbackList);
  });

  router.on('POST', '/v1/callbacks', async ({ request, response }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.callbacks.set(key.apiKey, asObject(await readJsonBody(request))));
  });

  router.on('GET', '/v1/callbacks/:event', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.callbacks.get(key.apiKey, params.event ?? ''));
  });

  router.on('PUT', '/v1/callbacks/:event', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.callbacks.update(key.apiKey, params.event ?? '', asObject(await readJsonBody(request))));
  });

  router.on('DELETE', '/v1/callbacks/:event', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.callbacks.delete(key.apiKey, params.event ?? ''));
  });

  router.on('POST', '/v1/callbacks/:event/rotate-secret', async ({ request, response, params }) => {
    const { key } = await authenticateRequest(services, request);
    sendJson(response, 200, await services.callbacks.rotateSecret(key.apiKey, params.event ?? ''));
  });
}

/** No body, a blank body, or `{}` (docs/rest-guide.md). */
function isEmptyBody(body: unknown): boolean {
  return body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
}

/** A JSON body that is not an object is treated as an object with no fields, so validation names what is missing. */
function asObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function registerSessionRoutes(router: Router, services: UseCases): void {
  const withAccount = async (request: IncomingMessage) => (await authenticateRequest(services, request)).account;

  router.on('GET', '/v1/sessions/:sessionKey', async ({ request, response, params }) => {
    sendJson(response, 200, await apiSessionView(services, await services.sessions.require(await withAccount(request), params.sessionKey ?? '')));
  });

  router.on('PUT', '/v1/sessions/:sessionKey', async ({ request, response, params }) => {
    const account = await withAccount(request);
    sendJson(
      response,
      200,
      await apiSessionView(services, await services.sessions.update(account, params.sessionKey ?? '', (await readJsonBody(request)) ?? {})),
    );
  });

  router.on('DELETE', '/v1/sessions/:sessionKey', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.delete(await withAccount(request), params.sessionKey ?? ''));
  });

  router.on('GET', '/v1/sessions/:sessionKey/photos', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.photos(await withAccount(request), params.sessionKey ?? ''));
  });

  router.on('GET', '/v1/sessions/:sessionKey/notes', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.notes(await withAccount(request), params.sessionKey ?? ''));
  });

  router.on('POST', '/v1/sessions/:sessionKey/notes', async ({ request, response, params }) => {
    const account = await withAccount(request);
    sendJson(response, 200, await services.sessions.addNote(account, params.sessionKey ?? '', asObject(await readJsonBody(request))));
  });

  router.on('GET', '/v1/damage-catalog', async ({ request, response }) => {
    await withAccount(request);
    sendJson(response, 200, damageCatalog());
  });

  router.on('GET', '/v1/sessions/:sessionKey/damages', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.damages(await withAccount(request), params.sessionKey ?? ''));
  });

  router.on('POST', '/v1/sessions/:sessionKey/damages', async ({ request, response, params }) => {
    const account = await withAccount(request);
    sendJson(response, 200, await services.sessions.addDamage(account, params.sessionKey ?? '', asObject(await readJsonBody(request)), API_ACTOR));
  });

  router.on('PATCH', '/v1/sessions/:sessionKey/damages/:damageId', async ({ request, response, params }) => {
    const account = await withAccount(request);
    const body = asObject(await readJsonBody(request));
    sendJson(response, 200, await services.sessions.updateDamage(account, params.sessionKey ?? '', params.damageId ?? '', body));
  });

  router.on('DELETE', '/v1/sessions/:sessionKey/damages/:damageId', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.deleteDamage(await withAccount(request), params.sessionKey ?? '', params.damageId ?? ''));
  });

  router.on('POST', '/v1/sessions/:sessionKey/review', async ({ request, response, params }) => {
    const account = await withAccount(request);
    const sessionKey = params.sessionKey ?? '';
    await services.reviews.completeReview(account, sessionKey, asObject(await readJsonBody(request)), API_ACTOR);
    sendJson(response, 200, await services.sessions.results(account, sessionKey));
  });

  router.on('POST', '/v1/sessions/:sessionKey/review/reopen', async ({ request, response, params }) => {
    const account = await withAccount(request);
    const reopened = await services.reviews.reopen(account, params.sessionKey ?? '', asObject(await readJsonBody(request)), API_ACTOR);
    sendJson(response, 200, await apiSessionView(services, reopened));
  });

  router.on('GET', '/v1/sessions/:sessionKey/results', async ({ request, response, params }) => {
    sendJson(response, 200, await services.sessions.results(await withAccount(request), params.sessionKey ?? ''));
  });
}

/** The session as the API headers see it: the capture link included (users/roles.ts), and the VIN decode. */
export async function apiSessionView(services: UseCases, session: InspectionSessionRecord) {
  return sessionView(session, services.sessions.captureLinkFor(session, { kind: 'api' }), await services.vehicleDecoding.decodedFor(session));
}
