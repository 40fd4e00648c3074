// The Idempotency-Key header and its answers in the OpenAPI document (docs/rest-guide.md): every signed write under /v1
// accepts it, so the document adds it to each such operation rather than each group repeating it.
import { IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE, INVALID_IDEMPOTENCY_KEY_MESSAGE } from '../../../domain/idempotency.js';
import { errorExample } from './common.js';

const WRITES = ['post', 'put', 'patch', 'delete'] as const;

/** The parts of the generated document this reads and extends. */
interface WritableDocument {
  paths: Record<
    string,
    Partial<
      Record<
        (typeof WRITES)[number] | 'get',
        { parameters?: Record<string, unknown>[]; responses: Record<string, Record<string, unknown>>; security?: unknown }
      >
    >
  >;
  components: Record<'parameters' | 'headers' | 'responses', Record<string, Record<string, unknown>>>;
}

const IDEMPOTENCY_KEY_DESCRIPTION = [
  'Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID.',
  'The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and',
  'body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request',
  'answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.',
].join(' ');

/** Adds the Idempotency-Key parameter, the replay header and the 409/422 answers to every signed /v1 write. */
export function documentIdempotency<T extends WritableDocument>(document: T): T {
  const components = document.components;
  components.parameters = {
    ...components.parameters,
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: IDEMPOTENCY_KEY_DESCRIPTION,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
      example: '3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73',
    },
  };
  components.headers = {
    ...components.headers,
    'Idempotent-Replayed': {
      description: '`true` when this answer is the kept answer of an earlier request with the same Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  components.responses = {
    ...components.responses,
    IdempotencyKeyReused: {
      description: 'The Idempotency-Key was already used with a different request (method, path or body).',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          examples: { reused: { value: errorExample({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE }) } },
        },
      },
    },
    IdempotencyKeyInFlight: {
      description:
        'The request conflicts with the current state, or a request with the same Idempotency-Key is still running (then with `Retry-After: 1`: ask again to get its answer).',
      headers: {
        'Retry-After': { description: 'Only while a request with the same Idempotency-Key is still running: seconds to wait.', schema: { type: 'integer' } },
      },
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          examples: { inFlight: { value: errorExample({ message: IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE }) } },
        },
      },
    },
    InvalidIdempotencyKey: {
      description: 'A malformed request or field, or an Idempotency-Key that is not 1–255 printable ASCII characters.',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          examples: { invalidKey: { value: errorExample({ message: INVALID_IDEMPOTENCY_KEY_MESSAGE }) } },
        },
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const method of WRITES) {
      const operation = item[method];
      // Only signed operations (security inherited from the document) take part: the key is kept per API key.
      if (!operation || operation.security !== undefined) continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
      operation.responses['400'] ??= { $ref: '#/components/responses/InvalidIdempotencyKey' };
      operation.responses['409'] ??= { $ref: '#/components/responses/IdempotencyKeyInFlight' };
      operation.responses['422'] = { $ref: '#/components/responses/IdempotencyKeyReused' };
      for (const [status, response] of Object.entries(operation.responses)) {
        // A success may be the replay of a kept answer; copied, as response objects are shared between operations.
        if (status.startsWith('2') && !('$ref' in response)) {
          const headers = {
            ...(response.headers as Record<string, unknown> | undefined),
            'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' },
          };
          operation.responses[status] = { ...response, headers };
        }
      }
      operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return document;
}
