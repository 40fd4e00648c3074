// (being written) The documents operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function documentPaths(): ZodOpenApiPathsObject {
  return {};
}
