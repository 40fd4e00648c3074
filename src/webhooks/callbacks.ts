// Callback use cases (docs/webhooks.md): validate a setting, then create, replace, update, read, delete or rotate it.
// REST and GraphQL both call these; neither face validates on its own.
import { z } from 'zod';
import { badRequest, notFound } from '../errors.js';
import { isDuplicateKeyError } from '../store/database.js';
import type { Callback, CallbackSetting } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import { isWebhookEvent, WEBHOOK_EVENTS, WebhookEventSchema, type WebhookEvent } from '../domain/events.js';
import { firstIssueMessage, freeJsonProblem, parseJsonText, STANDALONE } from '../domain/validation.js';
import { generateWebhookSecret } from './signing.js';
import { checkCallbackUrl, type TargetPolicy } from './target-guard.js';

const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

const MAX_HEADERS = 32;
const MAX_HEADER_VALUE = 4096;

export const MISSING_FIELDS_MESSAGE = 'Missing required fields.';

export const CALLBACK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export const CallbackMethodSchema = z
  .enum(CALLBACK_METHODS, { error: `must be one of ${CALLBACK_METHODS.join(', ')}.` })
  .meta({ id: 'CallbackMethod', default: 'POST', description: 'Case-insensitive on input.' });

// ---------------------------------------------------------------------------------------------------------------
// Request bodies (POST /v1/callbacks, PUT /v1/callbacks/:event and the GraphQL setting input)

/** Absent, null and "" all count as missing, and answer the contract's one message for it. */
const requiredField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (isMissing(value)) ctx.addIssue({ code: 'custom', message: MISSING_FIELDS_MESSAGE, params: STANDALONE });
    return value;
  }, schema);

// The form only; whether non-public targets are allowed is the deployment's policy, checked by the service.
const urlField = z
  .string({ error: 'must be a string holding an absolute http(s) URL.' })
  .superRefine((url, ctx) => {
    const problem = checkCallbackUrl(url, { allowPrivateTargets: true });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: STANDALONE });
  })
  .meta({ format: 'uri' });

const methodField = z
  .preprocess((value) => (isMissing(value) ? 'POST' : typeof value === 'string' ? value.toUpperCase() : value), CallbackMethodSchema)
  .default('POST');

const headersField = z
  .unknown()
  .optional()
  .transform(toHeaders)
  .meta({
    id: 'CallbackHeadersInput',
    description:
      `Headers sent with each delivery: a JSON object of string values (at most ${MAX_HEADERS}), or a string holding one; null or "" mean none. ` +
      'Host, Content-Length, Transfer-Encoding, Connection, Content-Type and the webhook-* signing headers are set by the service, whose values win.',
    override: {
      anyOf: [
        { type: 'object', maxProperties: MAX_HEADERS, additionalProperties: { type: 'string', maxLength: MAX_HEADER_VALUE } },
        { type: 'string', description: 'A JSON object, as text.' },
        { type: 'null' },
      ],
    },
  });

const payloadField = z
  .unknown()
  .optional()
  .transform(toPayload)
  .meta({
    id: 'CallbackPayloadInput',
    description: "Extra attributes added to each event's default payload (the default field wins a clash): a JSON object, or a string holding one.",
    override: { anyOf: [{ type: 'object' }, { type: 'string', description: 'A JSON object, as text.' }, { type: 'null' }] },
  });

const settingShape = { url: requiredField(urlField), method: methodField, headers: headersField, payload: payloadField };

export const CreateCallbackRequestSchema = z
  .object({
    event: requiredField(WebhookEventSchema),
    ...settingShape,
    url: settingShape.url.meta({
      description: 'Absolute http(s) URL; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true.',
    }),
  })
  .meta({ id: 'CreateCallbackRequest' });

const disabledField = z.boolean({ error: 'must be true or false.' });

export const UpdateCallbackRequestSchema = z
  .object({
    ...settingShape,
    disabled: disabledField
      .optional()
      .meta({ description: 'true keeps (or puts) the callback off; false or absent enables it (a disabled callback is enabled again).' }),
  })
  .meta({ id: 'UpdateCallbackRequest' });

/** A PUT with `disabled` alone changes only whether the callback is on (docs/webhooks.md#disabled-callbacks). */
export const CallbackStateRequestSchema = z
  .strictObject({
    disabled: disabledField.meta({ description: 'false enables a disabled callback again (with a fresh count of failing days); true disables it.' }),
  })
  .meta({ id: 'CallbackStateRequest' });

/** The reason a callback disabled on request carries. */
export const DISABLED_ON_REQUEST = 'Disabled on request ("disabled": true).';

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const CallbackSchema = z
  .object({
    api_key: z.string(),
    event: WebhookEventSchema,
    url: z.string().meta({ format: 'uri' }),
    method: CallbackMethodSchema,
    headers: z.record(z.string(), z.string()),
    payload: z.record(z.string(), z.unknown()),
    secret: z
      .string()
      .regex(/^whsec_/)
      .meta({ description: 'Signs deliveries (Standard Webhooks webhook-signature header).' }),
    disabled: z.boolean().meta({
      description:
        'True when nothing is sent to the callback: a receiver answered 410 Gone, every attempt failed for CALLBACK_DISABLE_DAYS days, or it was disabled on request. PUT with "disabled": false enables it again.',
    }),
    disabled_reason: z.string().nullable().meta({ description: 'Why the callback is disabled, in words; null while it is enabled.', example: null }),
    active: z.boolean().meta({ description: 'The opposite of `disabled` (kept for clients written before it).' }),
  })
  .meta({ id: 'Callback' });
export type CallbackView = z.output<typeof CallbackSchema>;

export const CallbackListSchema = z.object({ api_key: z.string(), data: z.array(CallbackSchema) }).meta({ id: 'CallbackList' });
export type CallbackList = z.output<typeof CallbackListSchema>;

export const CallbackDeletedSchema = z.object({ api_key: z.string(), message: z.string() }).meta({ id: 'CallbackDeleted' });
export type CallbackDeleted = z.output<typeof CallbackDeletedSchema>;

export class CallbackService {
  constructor(
    private readonly callbacks: CallbackStore,
    private readonly options: TargetPolicy,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(apiKey: string): Promise<CallbackView[]> {
    return (await this.callbacks.list(apiKey)).map(toCallbackView);
  }

  async get(apiKey: string, event: string): Promise<CallbackView> {
    return toCallbackView(await this.require(apiKey, event));
  }

  /** POST semantics: creates the event's callback or replaces its setting (idempotent). `input`: a CreateCallbackRequest. */
  async set(apiKey: string, input: unknown): Promise<CallbackView> {
    const { event, ...setting } = this.parseBody(CreateCallbackRequestSchema, input);
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

  /**
   * PUT semantics: the event's callback must exist. `input`: an UpdateCallbackRequest, whose setting replaces the
   * callback's and enables it unless `disabled` is true; or a CallbackStateRequest (`disabled` alone), which only
   * enables or disables it.
   */
  async update(apiKey: string, event: string, input: unknown): Promise<CallbackView> {
    requireEventName(event);
    const { disabled, ...setting } = isStateOnly(input) ? parseState(input) : this.parseBody(UpdateCallbackRequestSchema, input);
    const updated = await this.callbacks.update(apiKey, event, setting, this.clock(), disabled ? DISABLED_ON_REQUEST : null);
    if (!updated) throw missingCallback(apiKey, event);
    return toCallbackView(updated);
  }

  async delete(apiKey: string, event: string): Promise<CallbackDeleted> {
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
      .filter((secret) => secret.expiresAt === null || secret.expiresAt > now)
      .map((secret) => ({ secret: secret.secret, expiresAt: secret.expiresAt ?? overlapEnd }));
    const rotated = await this.callbacks.replaceSecrets(apiKey, event, [{ secret: generateWebhookSecret(), expiresAt: null }, ...stillValid], now);
    if (!rotated) throw missingCallback(apiKey, event);
    return toCallbackView(rotated);
  }

  private require(apiKey: string, event: string): Promise<EventCallback> {
    return requireCallback(this.callbacks, apiKey, event);
  }

  /**
   * The body as a setting, or 400 with one message: a missing field first, then the first problem in field order.
   * The target policy ranks with the url's own checks, so it is applied before the fields after url are blamed.
   */
  private parseBody<T extends z.ZodType<CallbackSetting>>(schema: T, input: unknown): z.output<T> {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      this.requireAllowedTarget(parsed.data.url);
      return parsed.data;
    }
    const { issues } = parsed.error;
    if (issues.some((issue) => issue.message === MISSING_FIELDS_MESSAGE)) throw badRequest(MISSING_FIELDS_MESSAGE);
    const blamed = issues[0]?.path[0];
    if (blamed !== 'event' && blamed !== 'url') this.requireAllowedTarget((input as { url: string }).url);
    throw badRequest(firstIssueMessage(parsed.error));
  }

  private requireAllowedTarget(url: string): void {
    const problem = checkCallbackUrl(url, this.options);
    if (problem) throw badRequest(problem);
  }
}

export function toCallbackView(callback: Callback): CallbackView {
  const current = callback.secrets.find((secret) => secret.expiresAt === null) ?? callback.secrets[0];
  return {
    api_key: callback.apiKey,
    // Stored only after the event name was checked.
    event: callback.event as WebhookEvent,
    url: callback.url,
    method: callback.method,
    headers: callback.headers,
    payload: callback.payload,
    secret: current?.secret ?? '',
    disabled: !callback.active,
    disabled_reason: callback.active ? null : callback.disabledReason,
    active: callback.active,
  };
}

/** A callback document whose event has been checked. */
export type EventCallback = Callback & { event: WebhookEvent };

/** The API key's callback for `event`: 400 for a name that is not a webhook event, 404 when there is none. */
export async function requireCallback(callbacks: CallbackStore, apiKey: string, event: string): Promise<EventCallback> {
  requireEventName(event);
  const callback = await callbacks.find(apiKey, event);
  if (!callback) throw missingCallback(apiKey, event);
  return callback as EventCallback;
}

export function missingCallback(apiKey: string, event: string) {
  return notFound(`Your API Key does not have callback setting for the event ${event}.`, { api_key: apiKey });
}

/** A body holding `disabled` and nothing else. */
function isStateOnly(input: unknown): boolean {
  return typeof input === 'object' && input !== null && Object.keys(input).length === 1 && 'disabled' in input;
}

function parseState(input: unknown): z.output<typeof CallbackStateRequestSchema> {
  const parsed = CallbackStateRequestSchema.safeParse(input);
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
  return parsed.data;
}

function requireEventName(event: string): void {
  if (!isWebhookEvent(event)) throw badRequest(`event must be one of ${WEBHOOK_EVENTS.join(', ')}.`);
}

function toHeaders(value: unknown, ctx: z.RefinementCtx): Record<string, string> {
  const headers = readJsonObject(value, ctx);
  if (headers === null) return z.NEVER;
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) return refuse(ctx, `may hold at most ${MAX_HEADERS} entries.`);
  for (const [name, headerValue] of entries) {
    if (!isStorableHeaderName(name)) {
      return refuse(
        ctx,
        `headers has an invalid header name: ${JSON.stringify(name.slice(0, 64))}. Use an HTTP header name (letters, digits and -) that does not start with $, holds no "." and is not __proto__.`,
        { params: STANDALONE },
      );
    }
    if (typeof headerValue !== 'string' || !PRINTABLE_ASCII.test(headerValue) || headerValue.length > MAX_HEADER_VALUE) {
      return refuse(ctx, `must be a string of at most ${MAX_HEADER_VALUE} printable ASCII characters (no control characters, no other alphabets).`, {
        path: [name],
      });
    }
  }
  return headers as Record<string, string>;
}

function toPayload(value: unknown, ctx: z.RefinementCtx): Record<string, unknown> {
  const payload = readJsonObject(value, ctx);
  if (payload === null) return z.NEVER;
  const problem = freeJsonProblem(payload);
  return problem ? refuse(ctx, problem) : payload;
}

function refuse(ctx: z.RefinementCtx, message: string, extra: { params?: typeof STANDALONE; path?: string[] } = {}): never {
  ctx.addIssue({ code: 'custom', message, ...extra });
  return z.NEVER;
}

/**
 * A header value every HTTP client sends as it is: printable ASCII and spaces. Anything else (other alphabets, U+2028,
 * BEL, tabs) is refused when the callback is saved, not found out at each delivery, where the request would fail.
 */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** RFC 9110 field-name token, at most 256 characters. */
const HEADER_NAME_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * A header name that is an HTTP token and also safe as a key of the stored document: "$" and "." mean operators and
 * paths to MongoDB, and "__proto__" is the prototype to JavaScript objects. No real header needs any of them.
 */
function isStorableHeaderName(name: string): boolean {
  return HEADER_NAME_TOKEN.test(name) && !name.startsWith('$') && !name.includes('.') && name !== '__proto__';
}

/** An object, or a string holding a JSON object (the spec describes both forms). Missing means empty; null on failure. */
function readJsonObject(value: unknown, ctx: z.RefinementCtx): Record<string, unknown> | null {
  if (isMissing(value)) return {};
  const candidate = typeof value === 'string' ? parseJsonText(value) : value;
  if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)) return candidate as Record<string, unknown>;
  ctx.addIssue({ code: 'custom', message: 'must be a JSON object or a string holding one.' });
  return null;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function required<T>(value: T | null): T {
  if (value === null) throw new Error('The callback write returned no document.');
  return value;
}
