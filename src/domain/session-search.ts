// The filters of the session search and the CSV export (docs/rest-guide.md "Finding sessions"): one zod schema that
// checks a query string (REST), a GraphQL input (derived from it) and documents both (OpenAPI), the cursor that pages
// through the newest-first list, and the words a session is found by. Free of I/O.
import { z } from 'zod';
import { SESSION_STATUSES, type SessionStatus } from './statuses.js';
import type { SessionOptions } from './session-input.js';
import type { ParseResult } from './validation.js';

export const SEARCH_DEFAULT_LIMIT = 25;
export const SEARCH_MAX_LIMIT = 100;
/** The longest `q` the search accepts. */
export const SEARCH_TEXT_MAX = 100;

const STATUS_MESSAGE = `must be a comma-separated list of ${SESSION_STATUSES.join(', ')}.`;
const INSTANT_MESSAGE = 'must be an ISO 8601 date-time with its offset (e.g. 2026-03-14T09:00:00Z) or a date (2026-03-14).';
const LIMIT_MESSAGE = `must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`;
const CURSOR_MESSAGE = 'is not a next_cursor returned by this API.';

/** Absent, null and "" all mean "not given". */
const notGiven = (value: unknown) => (value === null || value === '' ? undefined : value);

/** A query string's true and false as booleans; anything else is left for the schema to refuse. */
const textBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : notGiven(value));

/** Where a listing resumes: after the session created at `createdAt` with key `key` (newest first). */
export interface SearchCursor {
  createdAt: Date;
  key: string;
}

/** An instant as the filters hold it: the date-time given, or a whole day (`date` true) given as YYYY-MM-DD. */
interface Instant {
  at: Date;
  date: boolean;
}

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** A filter's description, on the GraphQL input field and the OpenAPI query parameter alike. */
function described(description: string, param: Record<string, unknown> = {}) {
  return { description, param: { description, required: false, ...param } };
}

function instantField(description: string, example: string) {
  return z
    .preprocess(
      notGiven,
      z
        .string({ error: INSTANT_MESSAGE })
        .transform((text, context): Instant => {
          if (isoDate.safeParse(text).success) return { at: new Date(`${text}T00:00:00Z`), date: true };
          if (isoDateTime.safeParse(text).success) return { at: new Date(text), date: false };
          context.addIssue({ code: 'custom', message: INSTANT_MESSAGE });
          return z.NEVER;
        })
        .optional(),
    )
    .meta(described(`${description} ISO 8601: a date-time with Z or an offset, or a date.`, { example }));
}

export const SessionSearchSchema = z.object({
  status: z
    .preprocess(
      // A query string holds a comma list; a GraphQL input a list. Either way, in any case.
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim().toUpperCase())
              .filter(Boolean)
          : Array.isArray(value)
            ? value.map((part) => (typeof part === 'string' ? part.trim().toUpperCase() : part))
            : notGiven(value),
      z.array(z.enum(SESSION_STATUSES, { error: STATUS_MESSAGE }), { error: STATUS_MESSAGE }).optional(),
    )
    .meta(
      described(`Only sessions in these statuses (any of ${SESSION_STATUSES.join(', ')}); in a query string, a comma-separated list.`, {
        style: 'form',
        explode: false,
        example: ['COMPLETE', 'CONFIRM'],
      }),
    ),
  created_from: instantField('Only sessions created at or after this time; a date means its midnight UTC.', '2026-11-01'),
  created_to: instantField('Only sessions created at or before this time; a date means up to the end of that day (UTC).', '2026-11-30'),
  updated_since: instantField(
    'Only sessions whose representation changed (updated_at) at or after this time; a date means its midnight UTC.',
    '2026-11-27T08:00:00Z',
  ),
  q: z
    .preprocess(
      notGiven,
      z
        .string({ error: `must be text of at most ${SEARCH_TEXT_MAX} characters.` })
        .trim()
        .max(SEARCH_TEXT_MAX, { error: `must be at most ${SEARCH_TEXT_MAX} characters.` })
        .optional(),
    )
    .meta(
      described(
        "Finds sessions whose session key, VIN, client_id, reference values, or contact's name, phone or email contain this text, in any case. A phone number matches whatever its separators.",
        { example: 'dana' },
      ),
    ),
  awaiting_review: z
    .preprocess(textBoolean, z.boolean({ error: 'must be true or false.' }).optional())
    .meta(
      described(
        'true: only confirmed sessions waiting for a person to complete their review (the review queue, manual review mode); false: every other session.',
      ),
    ),
  test: z
    .preprocess(textBoolean, z.boolean({ error: 'must be true or false.' }).default(false))
    .meta(described('true: only sessions made with a test key; false (the default): only live ones.')),
  limit: z
    .preprocess(
      // A query string holds text: only plain digits count as a number.
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : notGiven(value)),
      z.int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(SEARCH_MAX_LIMIT, { error: LIMIT_MESSAGE }).default(SEARCH_DEFAULT_LIMIT),
    )
    .meta(described(`Sessions per page, 1–${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT}).`)),
  cursor: z
    .preprocess(
      notGiven,
      z
        .string({ error: CURSOR_MESSAGE })
        .transform((text, context) => {
          const cursor = decodeSearchCursor(text);
          if (!cursor) {
            context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
            return z.NEVER;
          }
          return cursor;
        })
        .optional(),
    )
    .meta(described('The next_cursor of the previous page, with the same filters; omit it for the newest sessions.')),
});

/** The filters, checked: what the store turns into one query. */
export interface SessionSearchFilters {
  statuses: SessionStatus[] | null;
  /** true: only sessions waiting for their review; false: every other; null: both. */
  awaitingReview: boolean | null;
  createdFrom: Date | null;
  /** Exclusive: a date-time given is included, a date given includes its whole day. */
  createdBefore: Date | null;
  updatedSince: Date | null;
  /** The text to find, and the digits of it when it could be a phone number. */
  text: { words: string; digits: string | null } | null;
  test: boolean;
  limit: number;
  after: SearchCursor | null;
}

const DAY_MS = 86_400_000;

/** Checks a query string's parameters (or a GraphQL input in snake_case); one message naming the filter otherwise. */
export function parseSessionSearch(input: Record<string, unknown>): ParseResult<SessionSearchFilters> {
  const parsed = SessionSearchSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `${String(issue?.path[0] ?? 'The search')} ${issue?.message ?? 'is invalid.'}` };
  }
  const { status, awaiting_review, created_from, created_to, updated_since, q, test, limit, cursor } = parsed.data;
  const createdBefore = created_to ? new Date(created_to.at.getTime() + (created_to.date ? DAY_MS : 1)) : null;
  if (created_from && createdBefore && created_from.at >= createdBefore) {
    return { ok: false, message: 'created_from must not be after created_to.' };
  }
  return {
    ok: true,
    value: {
      statuses: status && status.length > 0 ? [...new Set(status)] : null,
      awaitingReview: awaiting_review ?? null,
      createdFrom: created_from?.at ?? null,
      createdBefore,
      updatedSince: updated_since?.at ?? null,
      text: q ? { words: q, digits: phoneDigits(q) } : null,
      test,
      limit,
      after: cursor ?? null,
    },
  };
}

export function encodeSearchCursor(session: { key: string; createdAt: Date }): string {
  return Buffer.from(`${session.createdAt.getTime()}:${session.key}`).toString('base64url');
}

function decodeSearchCursor(text: string): SearchCursor | null {
  const match = /^(\d{1,15}):([A-Z]{3}-[A-Z0-9]{10})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return null;
  return { createdAt: new Date(Number(match[1])), key: match[2] as string };
}

// ---------------------------------------------------------------------------------------------------------------
// What a session is found by

/** At most this many words per session, each cut to this length: a reference object cannot bloat the document. */
const MAX_TERMS = 60;
const MAX_TERM_LENGTH = 200;

/** The person the session is for, as the integrator or the dashboard described them. */
export interface SessionContact {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** `contact.name/phone/email`, else the SMS or mail invitation's recipient. */
export function sessionContact(options: SessionOptions): SessionContact {
  const contact = options.contact ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return {
    name: text(contact.name) ?? options.sms?.toName ?? options.email?.toName ?? null,
    phone: text(contact.phone) ?? options.sms?.to ?? null,
    email: text(contact.email) ?? options.email?.to ?? null,
  };
}

/**
 * The words `q` is matched against, kept on the session as it is written: its key, VIN and client_id, every text or
 * number in `reference`, and the contact's name, phone (also as bare digits) and email, with the invitations'
 * recipients. Stored so that one indexed-field match finds a value under any reference key, on every server we run on.
 */
export function sessionSearchTerms(session: { key: string; vin: string | null; options: SessionOptions }): string[] {
  const { options } = session;
  const terms: unknown[] = [session.key, session.vin, options.clientId, ...scalarValues(options.reference)];
  const contact = sessionContact(options);
  for (const phone of [contact.phone, options.sms?.to]) terms.push(phone, phone ? phoneDigits(phone) : null);
  terms.push(contact.name, contact.email, options.sms?.toName, options.email?.to, options.email?.toName);
  const words = terms
    .map((term) => (typeof term === 'number' ? String(term) : term))
    .filter((term): term is string => typeof term === 'string' && term.trim() !== '')
    .map((term) => term.trim().slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

function scalarValues(value: unknown): unknown[] {
  if (typeof value === 'string' || typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(scalarValues);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(scalarValues);
  return [];
}

/** The digits of text that looks like a phone number (digits with + ( ) - . and spaces, at least 4 digits), else null. */
function phoneDigits(text: string): string | null {
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}
