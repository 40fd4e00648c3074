// (being written) The admin operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function adminPaths(): ZodOpenApiPathsObject {
  return {};
}
