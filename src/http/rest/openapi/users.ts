// (being written) The users operations of the OpenAPI document.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export function userPaths(): ZodOpenApiPathsObject {
  return {};
}
