// (being written) The reviews operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function reviewPaths(): ZodOpenApiPathsObject {
  return {};
}
