// Checks and normalises the bodies of session create (POST /v1/sessions) and update (PUT) per docs/rest-guide.md,
// giving camelCase values to the use cases and one message naming the offending field otherwise.
import { z } from 'zod';
import { SESSION_UPDATE_FIELDS, type SessionUpdateField } from './statuses.js';
import { isTheme, THEME_NAMES, type Theme } from './themes.js';
import { CAPTURE_LANGUAGES, captureLanguageOf, type CaptureLanguage } from './languages.js';
import { describedTextField, emptyVehicle, vehicleBodySchema, VEHICLE_API_FIELDS, type Vehicle } from './vehicle.js';
import { firstIssueMessage, freeJsonProblem, quoteInput, STANDALONE, type ParseResult } from './validation.js';

export type JsonObject = Record<string, unknown>;

export interface SmsInvite {
  /** E.164: "+" and digits only, separators removed. */
  to: string;
  toName: string | null;
  from: string | null;
  by: string | null;
}

/** The person a mail invitation goes to (docs/staff.md "Mail"). */
export interface EmailInvite {
  to: string;
  toName: string | null;
}

/** The representation's `options`: what the integrator attached to the session. */
export interface SessionOptions {
  clientId: string | null;
  sms: SmsInvite | null;
  email: EmailInvite | null;
  contact: JsonObject | null;
  reference: JsonObject | null;
}

/** A create body, normalised. Null theme / redirectUrl mean "use the account's default". */
export interface NewSessionInput {
  theme: Theme | null;
  redirectUrl: string | null;
  language: CaptureLanguage | null;
  vehicle: Vehicle;
  options: SessionOptions;
}

/** An update: only what was sent. `vehicle` and `options` are merged key by key into the stored ones. */
export interface SessionUpdate {
  theme?: Theme;
  redirectUrl?: string | null;
  language?: CaptureLanguage | null;
  vehicle?: Partial<Vehicle>;
  options?: Partial<Pick<SessionOptions, 'clientId' | 'contact' | 'reference'>>;
}

const PHONE_SEPARATORS = /[\s().-]/g;
const E164 = /^\+[1-9]\d{6,14}$/;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const OBJECT = { error: 'must be a JSON object.' };

// Checked by hand for its two messages; the document shows the Theme enum the check stands for.
const themeField = z
  .unknown()
  .transform((value, ctx): Theme => {
    if (isTheme(value)) return value;
    if (typeof value === 'string') {
      ctx.addIssue({ code: 'custom', message: `Unknown theme ${quoteInput(value)}. Use one of ${THEME_NAMES.join(', ')}.`, params: STANDALONE });
    } else {
      ctx.addIssue({ code: 'custom', message: `must be one of ${THEME_NAMES.join(', ')}.` });
    }
    return z.NEVER;
  })
  .meta({
    description: `One of ${THEME_NAMES.join(', ')}; null or left out means the account's default theme.`,
    override: { $ref: '#/components/schemas/Theme' },
  });

const redirectUrlField = z
  .string({ error: 'must be an absolute http(s) URL.' })
  .trim()
  .max(2048, { error: 'must be an absolute http(s) URL of at most 2048 characters.' })
  .refine((url) => url === '' || isHttpUrl(url), { error: 'must be an absolute http(s) URL.' })
  .transform((url) => (url === '' ? null : url))
  .meta({ override: { format: 'uri' } })
  .nullable()
  .meta({ description: 'Absolute http(s) URL; blank or null means none.' });

const languageMessage = `must be one of ${CAPTURE_LANGUAGES.join(', ')} (a regional tag such as pt-BR counts as its language).`;
// Stored as the bare language the capture page speaks, so every face shows one of CAPTURE_LANGUAGES or null.
const languageField = z
  .string({ error: languageMessage })
  .trim()
  .refine((tag) => tag === '' || (tag.length <= 35 && LANGUAGE_TAG.test(tag) && captureLanguageOf(tag) !== null), {
    error: languageMessage,
  })
  .transform((tag) => (tag === '' ? null : captureLanguageOf(tag)))
  // Input examples go in `override`: the generator drops examples of a transformed schema.
  .meta({ override: { maxLength: 35, examples: ['en', 'pt-BR'] } })
  .nullable()
  .meta({
    description: `The capture page's language: one of ${CAPTURE_LANGUAGES.join(', ')} (a regional tag such as pt-BR is stored as its language, pt); blank means null (English).`,
  });

const jsonObjectField = (description: string) =>
  z
    .custom<JsonObject>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
      error: 'must be a JSON object.',
    })
    .meta({ override: { type: 'object', additionalProperties: true } })
    .superRefine((value, ctx) => {
      const problem = freeJsonProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable()
    .meta({ description });
const CONTACT = 'Free-form contact details (a JSON object).';
const REFERENCE = 'Free-form reference data (a JSON object).';
const CLIENT_ID = "The integrator's own reference for the session.";

const phoneMessage = 'must be a phone number in international format, such as +14155550123.';
const phoneField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required when sms is given.' : phoneMessage) })
  .transform((phone) => phone.replace(PHONE_SEPARATORS, ''))
  .refine((phone) => E164.test(phone), { error: phoneMessage })
  .meta({
    description: 'Phone number in international format (E.164); spaces, dots, dashes and parentheses are removed.',
    override: { examples: ['+14155550123'] },
  });

const sessionGroupShape = {
  theme: themeField.nullable(),
  redirect_url: redirectUrlField,
  language: languageField,
  client_id: describedTextField(200, CLIENT_ID),
  contact: jsonObjectField(CONTACT),
  reference: jsonObjectField(REFERENCE),
};
const sessionGroup = z
  .strictObject(sessionGroupShape, OBJECT)
  .partial()
  .meta({ id: 'SessionGroupInput', description: "How the capture looks and the integrator's own data." });

const smsGroupShape = {
  to: phoneField,
  to_name: describedTextField(100, "The recipient's name, e.g. Jane Doe."),
  from: describedTextField(32, 'The sender number, e.g. +14155550100.'),
  by: describedTextField(100, 'Who the message says sends the link, e.g. Acme Motors.'),
};
const smsGroup = z
  .strictObject(
    {
      ...smsGroupShape,
      to_name: smsGroupShape.to_name.optional(),
      from: smsGroupShape.from.optional(),
      by: smsGroupShape.by.optional(),
    },
    OBJECT,
  )
  .meta({ description: 'When given, an SMS invitation with the capture link is sent and its outcome emitted as SESSION:SMS_PROCESS.' });

const emailGroupShape = {
  to: z
    .email({ error: (issue) => (issue.input === undefined ? 'is required when email is given.' : 'must be an email address.') })
    .max(254, 'must be an email address of at most 254 characters.')
    .meta({ description: 'The email address (at most 254 characters).' }),
  to_name: describedTextField(100, "The recipient's name."),
};
const emailGroup = z.strictObject({ ...emailGroupShape, to_name: emailGroupShape.to_name.optional() }, OBJECT).meta({
  description:
    "When given (and mail is set up), the person gets the capture link by email in the session's language, and the report link when the session completes.",
});

const updateOptionsShape = { client_id: describedTextField(200, CLIENT_ID), contact: jsonObjectField(CONTACT), reference: jsonObjectField(REFERENCE) };

// The year bound moves once a year; schemas are rebuilt only when it does.
let cachedYear: number | null = null;
let cachedSchemas: ReturnType<typeof buildSchemas> | null = null;

function buildSchemas(now: Date) {
  const vehicle = vehicleBodySchema(now);
  const createBody = z
    .strictObject({
      session: sessionGroup.nullable().optional(),
      vehicle: vehicle.nullable().optional(),
      sms: smsGroup.nullable().optional(),
      email: emailGroup.nullable().optional(),
    })
    .meta({ id: 'CreateSessionRequest', description: 'All fields optional. An empty object `{}` (or no body) issues an access record instead.' });
  // Takes the representation's shape (theme, redirect_url, language, vehicle, options) and also the create
  // body's `session` group, since integrators know both.
  const updateBody = z
    .strictObject({
      theme: themeField.optional(),
      redirect_url: redirectUrlField.optional(),
      language: languageField.optional(),
      vehicle: vehicle.optional(),
      options: z
        .strictObject(updateOptionsShape, OBJECT)
        .partial()
        .optional()
        .meta({ description: "The integrator's options, merged key by key into the stored ones." }),
      session: sessionGroup.optional().meta({
        description: "The create body's group is also accepted; a field sent both here and at the top level (or in options) is refused.",
      }),
    })
    .meta({
      id: 'UpdateSessionRequest',
      description: '`theme` only while IDLE; the other fields until COMPLETE or EXPIRED. `vehicle` and `options` are merged key by key into the stored ones.',
    });
  return { createBody, updateBody };
}

/** The create and update body schemas in force at `now` (the OpenAPI document shows them). */
export function sessionBodySchemas(now: Date = new Date()) {
  const year = now.getUTCFullYear();
  if (cachedSchemas === null || cachedYear !== year) {
    cachedSchemas = buildSchemas(now);
    cachedYear = year;
  }
  return cachedSchemas;
}

const CREATE_ALLOWED_KEYS = {
  '': ['session', 'vehicle', 'sms', 'email'],
  session: Object.keys(sessionGroupShape),
  vehicle: VEHICLE_API_FIELDS,
  sms: Object.keys(smsGroupShape),
  email: Object.keys(emailGroupShape),
};

const UPDATE_ALLOWED_KEYS = {
  '': [...SESSION_UPDATE_FIELDS, 'session'],
  session: Object.keys(sessionGroupShape),
  vehicle: VEHICLE_API_FIELDS,
  options: Object.keys(updateOptionsShape),
};

/** `json`: the parsed request body. `now` bounds vehicle.year. */
export function parseCreateSessionBody(json: unknown, now: Date = new Date()): ParseResult<NewSessionInput> {
  const parsed = sessionBodySchemas(now).createBody.safeParse(json);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error, CREATE_ALLOWED_KEYS) };
  const { session, vehicle, sms, email } = parsed.data;
  return {
    ok: true,
    value: {
      theme: session?.theme ?? null,
      redirectUrl: session?.redirect_url ?? null,
      language: session?.language ?? null,
      vehicle: { ...emptyVehicle(), ...vehicle },
      options: {
        clientId: session?.client_id ?? null,
        sms: sms ? { to: sms.to, toName: sms.to_name ?? null, from: sms.from ?? null, by: sms.by ?? null } : null,
        email: email ? { to: email.to, toName: email.to_name ?? null } : null,
        contact: session?.contact ?? null,
        reference: session?.reference ?? null,
      },
    },
  };
}

/**
 * `fields` names, as the API does, every top-level field the update touches: hand it to `checkSessionUpdate`
 * with the session's status. A field sent both at the top level and in `session` is refused as ambiguous.
 */
export function parseUpdateSessionBody(
  json: unknown,
  now: Date = new Date(),
): { ok: true; value: SessionUpdate; fields: SessionUpdateField[] } | { ok: false; message: string } {
  const parsed = sessionBodySchemas(now).updateBody.safeParse(json);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error, UPDATE_ALLOWED_KEYS) };
  const { session = {}, options = {}, ...top } = parsed.data;

  for (const key of ['theme', 'redirect_url', 'language'] as const) {
    if (top[key] !== undefined && session[key] !== undefined) {
      return { ok: false, message: `${key} is given both at the top level and in session; send it once.` };
    }
  }
  for (const key of ['client_id', 'contact', 'reference'] as const) {
    if (options[key] !== undefined && session[key] !== undefined) {
      return { ok: false, message: `${key} is given both in options and in session; send it once.` };
    }
  }
  if (session.theme === null) return { ok: false, message: `session.theme must be one of ${THEME_NAMES.join(', ')}.` };
  const theme = top.theme ?? session.theme;
  const redirectUrl = top.redirect_url !== undefined ? top.redirect_url : session.redirect_url;
  const language = top.language !== undefined ? top.language : session.language;
  const clientId = options.client_id !== undefined ? options.client_id : session.client_id;
  const contact = options.contact !== undefined ? options.contact : session.contact;
  const reference = options.reference !== undefined ? options.reference : session.reference;

  const value: SessionUpdate = {};
  if (theme !== undefined) value.theme = theme;
  if (redirectUrl !== undefined) value.redirectUrl = redirectUrl;
  if (language !== undefined) value.language = language;
  if (top.vehicle !== undefined) value.vehicle = top.vehicle;
  const updatedOptions: NonNullable<SessionUpdate['options']> = {};
  if (clientId !== undefined) updatedOptions.clientId = clientId;
  if (contact !== undefined) updatedOptions.contact = contact;
  if (reference !== undefined) updatedOptions.reference = reference;
  const optionsSent = parsed.data.options !== undefined || Object.keys(updatedOptions).length > 0;
  if (optionsSent) value.options = updatedOptions;

  const fields: SessionUpdateField[] = [];
  if (value.theme !== undefined) fields.push('theme');
  if (value.redirectUrl !== undefined) fields.push('redirect_url');
  if (value.language !== undefined) fields.push('language');
  if (value.vehicle !== undefined) fields.push('vehicle');
  if (value.options !== undefined) fields.push('options');
  return { ok: true, value, fields };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
