// Callback use cases (CONTRACT §7): validate a setting, then create, replace, update, read, delete or rotate it.
// REST and GraphQL both call these; neither face validates on its own.
import { badRequest, notFound } from '../errors.js';
import { isDuplicateKeyError } from '../store/database.js';
import type { CallbackDocument, CallbackMethod, CallbackSetting, CallbackStore } from '../store/callbacks.js';
import { isWebhookEvent, WEBHOOK_EVENTS } from '../domain/events.js';
import { freeJsonProblem } from '../domain/validation.js';
import { generateWebhookSecret } from './signing.js';
import { checkCallbackUrl } from './target-guard.js';

const CALLBACK_METHODS: readonly CallbackMethod[] = ['POST', 'PUT', 'PATCH'];
const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
const MAX_HEADERS = 32;

export const MISSING_FIELDS_MESSAGE = 'Missing required fields.';

export interface CallbackView {
  api_key: string;
  event: string;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  secret: string;
  active: boolean;
}

export interface CallbackInput {
  event?: unknown;
  url?: unknown;
  method?: unknown;
  headers?: unknown;
  payload?: unknown;
}

export class CallbackService {
  constructor(
    private readonly callbacks: CallbackStore,
    private readonly options: { allowPrivateTargets: boolean },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(apiKey: string): Promise<CallbackView[]> {
    return (await this.callbacks.list(apiKey)).map(toCallbackView);
  }

  async get(apiKey: string, event: string): Promise<CallbackView> {
    return toCallbackView(await this.require(apiKey, event));
  }

  /** POST semantics: creates the event's callback or replaces its setting (idempotent). */
  async set(apiKey: string, input: CallbackInput): Promise<CallbackView> {
    if (isMissing(input.event) || isMissing(input.url)) throw badRequest(MISSING_FIELDS_MESSAGE);
    const event = requireEventName(input.event);
    const setting = this.parseSetting(input);
    const now = this.clock();
    const save = () => this.callbacks.upsert(apiKey, event, setting, generateWebhookSecret(), now);
    try {
      return toCallbackView(required(await save()));
    } catch (error) {
      // Two concurrent first POSTs for one event: the loser of the unique index simply replaces the winner's setting.
      if (isDuplicateKeyError(error)) return toCallbackView(required(await save()));
      throw error;
    }
  }

  /** PUT semantics: the event's callback must exist; its setting is replaced. */
  async update(apiKey: string, event: string, input: CallbackInput): Promise<CallbackView> {
    requireEventName(event);
    if (isMissing(input.url)) throw badRequest(MISSING_FIELDS_MESSAGE);
    const updated = await this.callbacks.update(apiKey, event, this.parseSetting(input), this.clock());
    if (!updated) throw missingCallback(apiKey, event);
    return toCallbackView(updated);
  }

  async delete(apiKey: string, event: string): Promise<{ api_key: string; message: string }> {
    requireEventName(event);
    if (!(await this.callbacks.delete(apiKey, event))) throw missingCallback(apiKey, event);
    return { api_key: apiKey, message: `Callback setting ${event} has been successfully removed.` };
  }

  /** New signing secret; the previous one keeps signing alongside it for 24 hours. */
  async rotateSecret(apiKey: string, event: string): Promise<CallbackView> {
    const callback = await this.require(apiKey, event);
    const now = this.clock();
    const overlapEnd = new Date(now.getTime() + SECRET_OVERLAP_MS);
    const stillValid = callback.secrets
      .filter((secret) => secret.expires_at === null || secret.expires_at > now)
      .map((secret) => ({ secret: secret.secret, expires_at: secret.expires_at ?? overlapEnd }));
    const rotated = await this.callbacks.replaceSecrets(apiKey, event, [{ secret: generateWebhookSecret(), expires_at: null }, ...stillValid], now);
    if (!rotated) throw missingCallback(apiKey, event);
    return toCallbackView(rotated);
  }

  private async require(apiKey: string, event: string): Promise<CallbackDocument> {
    requireEventName(event);
    const callback = await this.callbacks.find(apiKey, event);
    if (!callback) throw missingCallback(apiKey, event);
    return callback;
  }

  private parseSetting(input: CallbackInput): CallbackSetting {
    if (typeof input.url !== 'string') throw badRequest('url must be a string holding an absolute http(s) URL.');
    const urlProblem = checkCallbackUrl(input.url, { allowPrivateTargets: this.options.allowPrivateTargets });
    if (urlProblem) throw badRequest(urlProblem);
    return {
      url: input.url,
      method: parseMethod(input.method),
      headers: parseHeaders(input.headers),
      payload: parseFreeJsonObject(input.payload, 'payload'),
    };
  }
}

export function toCallbackView(callback: CallbackDocument): CallbackView {
  const current = callback.secrets.find((secret) => secret.expires_at === null) ?? callback.secrets[0];
  return {
    api_key: callback.api_key,
    event: callback.event,
    url: callback.url,
    method: callback.method,
    headers: callback.headers,
    payload: callback.payload,
    secret: current?.secret ?? '',
    active: callback.active,
  };
}

export function missingCallback(apiKey: string, event: string) {
  return notFound(`Your API Key does not have callback setting for the event ${event}.`, { api_key: apiKey });
}

function requireEventName(event: unknown): string {
  if (typeof event !== 'string' || !isWebhookEvent(event)) {
    throw badRequest(`event must be one of ${WEBHOOK_EVENTS.join(', ')}.`);
  }
  return event;
}

function parseMethod(method: unknown): CallbackMethod {
  if (isMissing(method)) return 'POST';
  const upper = typeof method === 'string' ? method.toUpperCase() : method;
  if (!CALLBACK_METHODS.includes(upper as CallbackMethod)) throw badRequest('method must be one of POST, PUT, PATCH.');
  return upper as CallbackMethod;
}

function parseHeaders(value: unknown): Record<string, string> {
  const headers = parseJsonObject(value, 'headers');
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) throw badRequest(`headers may hold at most ${MAX_HEADERS} entries.`);
  for (const [name, headerValue] of entries) {
    if (!isStorableHeaderName(name)) {
      throw badRequest(
        `headers has an invalid header name: ${JSON.stringify(name.slice(0, 64))}. Use an HTTP header name (letters, digits and -) that does not start with $, holds no "." and is not __proto__.`,
      );
    }
    if (typeof headerValue !== 'string' || /[\r\n\0]/.test(headerValue) || headerValue.length > 4096) {
      throw badRequest(`headers.${name} must be a string of at most 4096 characters without line breaks.`);
    }
  }
  return headers as Record<string, string>;
}

/** RFC 9110 field-name token, at most 256 characters. */
const HEADER_NAME_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * A header name that is an HTTP token and also safe as a key of the stored document: "$" and "." mean operators and
 * paths to MongoDB, and "__proto__" is the prototype to JavaScript objects. No real header needs any of them.
 */
function isStorableHeaderName(name: string): boolean {
  return HEADER_NAME_TOKEN.test(name) && !name.startsWith('$') && !name.includes('.') && name !== '__proto__';
}

/** An object, or a string holding a JSON object (the spec describes both forms). Absent means empty. */
function parseJsonObject(value: unknown, field: string): Record<string, unknown> {
  if (isMissing(value)) return {};
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      throw badRequest(`${field} must be a JSON object or a string holding one.`);
    }
  }
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw badRequest(`${field} must be a JSON object or a string holding one.`);
  }
  return candidate as Record<string, unknown>;
}

function parseFreeJsonObject(value: unknown, field: string): Record<string, unknown> {
  const object = parseJsonObject(value, field);
  const problem = freeJsonProblem(object);
  if (problem) throw badRequest(`${field} ${problem}`);
  return object;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function required<T>(value: T | null): T {
  if (value === null) throw new Error('The callback write returned no document.');
  return value;
}
