// Serves the OpenAPI document at GET /v1/openapi.json, without authentication: the API description is public.
import { sendJson } from './http-io.js';
import { OPENAPI_PATH, openApiDocument, type OpenApiDocument } from './openapi/document.js';
import type { Router } from './router.js';

export function registerOpenApiRoute(router: Router, options: { version: string; serverUrl: () => string }): void {
  // The base URL is known only once the server listens (when PUBLIC_URL is unset), so it is read per request and
  // the document rebuilt only when it changes.
  let cached: { serverUrl: string; document: OpenApiDocument } | null = null;

  router.on('GET', OPENAPI_PATH, ({ response }) => {
    const serverUrl = options.serverUrl();
    if (cached === null || cached.serverUrl !== serverUrl) {
      cached = { serverUrl, document: openApiDocument({ serverUrl, version: options.version }) };
    }
    sendJson(response, 200, cached.document);
  });
}
