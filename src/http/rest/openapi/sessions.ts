// (being written) The sessions operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function sessionPaths(): ZodOpenApiPathsObject {
  return {};
}
