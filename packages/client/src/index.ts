// @capture-gateway/client: the REST API of capture-gateway, typed from its OpenAPI document (src/openapi.ts,
// generated). Every request is signed; writes carry an Idempotency-Key and are retried safely; photos go up as the body.
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi.js';
import { DEFAULT_RETRY_POLICY, sendingFetch, type RetryPolicy } from './sending.js';
import type { ApiCredentials } from './signing.js';

export type { components, paths } from './openapi.js';
export { apiHeaders, apiTimestamp, type ApiCredentials } from './signing.js';
export { backoffDelay, DEFAULT_RETRY_POLICY, isWorthRetrying, type RetryPolicy } from './sending.js';
export { verifyWebhook, type WebhookDelivery } from './webhooks.js';

export type Photo = components['schemas']['Photo'];
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ClientOptions extends ApiCredentials {
  /** Where the service answers, e.g. https://inspections.example.com (its PUBLIC_URL). */
  baseUrl: string;
  /** Retries of 429, 5xx and lost answers; `{ retries: 0 }` turns them off. */
  retry?: Partial<RetryPolicy>;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/** An answer the service refused: its status, its message and the request id to quote to support. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly requestId: string | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CaptureGatewayClient {
  /** Every route of the API, typed: `api.GET('/v1/sessions/{sessionKey}', { params: { path: { sessionKey } } })`. */
  api: Client<paths>;
  /** Sends one photo of a session (capture by API) and returns its entry with the verdict of quality control. */
  uploadPhoto(sessionKey: string, photoCode: number, image: Uint8Array | ArrayBuffer | Blob, type: PhotoType): Promise<Photo>;
}

export function createClient(options: ClientOptions): CaptureGatewayClient {
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: sendingFetch({
      credentials: { username: options.username, apiKey: options.apiKey, apiSecret: options.apiSecret },
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    }),
  });

  return {
    api,
    async uploadPhoto(sessionKey, photoCode, image, type) {
      const { data, error, response } = await api.POST('/v1/sessions/{sessionKey}/photos/{photoCode}', {
        params: { path: { sessionKey, photoCode: String(photoCode) } },
        headers: { 'content-type': type },
        body: image as never,
        bodySerializer: (body: unknown) => body,
      });
      if (data === undefined) throw apiError(response, error);
      return data;
    },
  };
}

/** An ApiError from a refused answer of `api`: `if (!data) throw apiError(response, error)`. */
export function apiError(response: Response, body: unknown): ApiError {
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `The service answered ${response.status}.`;
  return new ApiError(response.status, message, response.headers.get('X-Request-Id'), body);
}
