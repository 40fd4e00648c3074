// (being written) The callbacks operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function callbackPaths(): ZodOpenApiPathsObject {
  return {};
}

export function webhookPaths(): ZodOpenApiPathsObject {
  return {};
}
