// The session search's rules (src/domain/session-search.ts): how a query string or GraphQL input becomes filters,
// what each bad filter is told, where a date range starts and ends, the cursor, and the words a session is found by.
import { describe, expect, it } from 'vitest';
import type { SessionOptions } from '../../src/domain/session-input.js';
import {
  encodeSearchCursor,
  parseSessionSearch,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_TEXT_MAX,
  type SessionSearchFilters,
  sessionContact,
  sessionSearchTerms,
} from '../../src/domain/session-search.js';

function filters(input: Record<string, unknown>): SessionSearchFilters {
  const parsed = parseSessionSearch(input);
  if (!parsed.ok) throw new Error(`refused: ${parsed.message}`);
  return parsed.value;
}

function refusal(input: Record<string, unknown>): string {
  const parsed = parseSessionSearch(input);
  if (parsed.ok) throw new Error(`accepted: ${JSON.stringify(parsed.value)}`);
  return parsed.message;
}

const options = (overrides: Partial<SessionOptions> = {}): SessionOptions => ({
  clientId: null,
  sms: null,
  email: null,
  contact: null,
  reference: null,
  ...overrides,
});

describe('the filters of a search', () => {
  it('with none given: live sessions, newest first, a page of the default size', () => {
    expect(filters({})).toEqual({
      statuses: null,
      awaitingReview: null,
      createdFrom: null,
      createdBefore: null,
      updatedSince: null,
      text: null,
      test: false,
      limit: SEARCH_DEFAULT_LIMIT,
      after: null,
    });
    // Empty and null values are "not given" too, as a form or a GraphQL input sends them.
    expect(filters({ status: '', created_from: null, q: '', limit: '', cursor: '', awaiting_review: '' })).toEqual(filters({}));
  });

  it('reads statuses from a comma list in any case and spacing, or from a list, each once', () => {
    expect(filters({ status: 'complete, Confirm,,complete' }).statuses).toEqual(['COMPLETE', 'CONFIRM']);
    expect(filters({ status: [' idle', 'STARTED'] }).statuses).toEqual(['IDLE', 'STARTED']);
    expect(filters({ status: ',' }).statuses).toBeNull();
    expect(refusal({ status: 'COMPLETE,DONE' })).toBe(
      'status must be a comma-separated list of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED.',
    );
    expect(refusal({ status: [1] })).toMatch(/^status must be a comma-separated list/);
  });

  it('starts a date at its midnight UTC and ends it at the next, and a date-time range at the instant given', () => {
    const day = filters({ created_from: '2026-11-01', created_to: '2026-11-30' });
    expect(day.createdFrom).toEqual(new Date('2026-11-01T00:00:00.000Z'));
    expect(day.createdBefore).toEqual(new Date('2026-12-01T00:00:00.000Z'));
    const instant = filters({ created_to: '2026-11-30T12:00:00+01:00', updated_since: '2026-11-27T08:00:00Z' });
    expect(instant.createdBefore).toEqual(new Date('2026-11-30T11:00:00.001Z'));
    expect(instant.updatedSince).toEqual(new Date('2026-11-27T08:00:00.000Z'));
    // One day, from its start to its end, is a range.
    expect(filters({ created_from: '2026-11-01', created_to: '2026-11-01' }).createdBefore).toEqual(new Date('2026-11-02T00:00:00.000Z'));
    expect(filters({ created_from: '2026-11-01T10:00:00Z', created_to: '2026-11-01T10:00:00Z' }).createdFrom).toEqual(new Date('2026-11-01T10:00:00Z'));
  });

  it('refuses a range that ends before it starts, and an instant without its offset', () => {
    expect(refusal({ created_from: '2026-11-02', created_to: '2026-11-01' })).toBe('created_from must not be after created_to.');
    expect(refusal({ created_from: '2026-11-01T10:00:00.002Z', created_to: '2026-11-01T10:00:00.001Z' })).toBe('created_from must not be after created_to.');
    const message = 'must be an ISO 8601 date-time with its offset (e.g. 2026-03-14T09:00:00Z) or a date (2026-03-14).';
    expect(refusal({ created_from: '2026-11-01T10:00:00' })).toBe(`created_from ${message}`);
    expect(refusal({ created_to: 'yesterday' })).toBe(`created_to ${message}`);
    expect(refusal({ updated_since: 20261101 })).toBe(`updated_since ${message}`);
  });

  it('finds text trimmed, and a phone number by its digits whatever its separators', () => {
    expect(filters({ q: '  Dana  ' }).text).toEqual({ words: 'Dana', digits: null });
    expect(filters({ q: '+1 (555) 010-0199' }).text).toEqual({ words: '+1 (555) 010-0199', digits: '15550100199' });
    expect(filters({ q: '555.0' }).text).toEqual({ words: '555.0', digits: '5550' });
    // Fewer than four digits, or letters among them, are not a phone number.
    expect(filters({ q: '555' }).text).toEqual({ words: '555', digits: null });
    expect(filters({ q: '555-CAR1' }).text).toEqual({ words: '555-CAR1', digits: null });
    expect(filters({ q: 'x'.repeat(SEARCH_TEXT_MAX) }).text?.words).toHaveLength(SEARCH_TEXT_MAX);
    expect(refusal({ q: 'x'.repeat(SEARCH_TEXT_MAX + 1) })).toBe(`q must be at most ${SEARCH_TEXT_MAX} characters.`);
    expect(refusal({ q: 42 })).toBe(`q must be text of at most ${SEARCH_TEXT_MAX} characters.`);
  });

  it('reads true and false from a query string or an input, and nothing else', () => {
    expect(filters({ awaiting_review: 'true', test: 'true' })).toMatchObject({ awaitingReview: true, test: true });
    expect(filters({ awaiting_review: false, test: false })).toMatchObject({ awaitingReview: false, test: false });
    expect(filters({ awaiting_review: 'false' }).awaitingReview).toBe(false);
    expect(refusal({ awaiting_review: 'yes' })).toBe('awaiting_review must be true or false.');
    expect(refusal({ test: 'TRUE' })).toBe('test must be true or false.');
  });

  it(`takes a whole number of sessions per page from 1 to ${SEARCH_MAX_LIMIT}`, () => {
    expect(filters({ limit: '1' }).limit).toBe(1);
    expect(filters({ limit: String(SEARCH_MAX_LIMIT) }).limit).toBe(SEARCH_MAX_LIMIT);
    expect(filters({ limit: 7 }).limit).toBe(7);
    const message = `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`;
    for (const limit of ['0', String(SEARCH_MAX_LIMIT + 1), '2.5', '-3', '1e2', ' 5', 2.5]) expect(refusal({ limit }), String(limit)).toBe(message);
  });

  it('resumes after the session its cursor names, and refuses a cursor it did not make', () => {
    const createdAt = new Date('2026-11-28T07:59:59.123Z');
    const cursor = encodeSearchCursor({ key: 'XKT-7Q2M9D4B1A', createdAt });
    expect(filters({ cursor }).after).toEqual({ createdAt, key: 'XKT-7Q2M9D4B1A' });
    const message = 'cursor is not a next_cursor returned by this API.';
    for (const forged of [
      'not-a-cursor',
      Buffer.from('1700000000000:xkt-7q2m9d4b1a').toString('base64url'),
      Buffer.from('1700000000000:XKT-7Q2M9D4B1A ').toString('base64url'),
      Buffer.from('-1:XKT-7Q2M9D4B1A').toString('base64url'),
      Buffer.from(`${'9'.repeat(16)}:XKT-7Q2M9D4B1A`).toString('base64url'),
      Buffer.from('x1700000000000:XKT-7Q2M9D4B1A').toString('base64url'),
    ]) {
      expect(refusal({ cursor: forged }), forged).toBe(message);
    }
  });
});

describe('who a session is for', () => {
  it('is its contact, else the SMS or mail invitation’s recipient, field by field', () => {
    const sms = { to: '+15550100199', toName: 'Sam', from: null, by: null };
    const email = { to: 'pat@example.com', toName: 'Pat' };
    expect(sessionContact(options({ contact: { name: ' Dana ', phone: '+1 555 010 0100', email: 'dana@example.com' }, sms, email }))).toEqual({
      name: 'Dana',
      phone: '+1 555 010 0100',
      email: 'dana@example.com',
    });
    expect(sessionContact(options({ contact: { name: '  ', phone: 5550100 }, sms, email }))).toEqual({
      name: 'Sam',
      phone: '+15550100199',
      email: 'pat@example.com',
    });
    expect(sessionContact(options({ email }))).toEqual({ name: 'Pat', phone: null, email: 'pat@example.com' });
    expect(sessionContact(options())).toEqual({ name: null, phone: null, email: null });
  });
});

describe('the words a session is found by', () => {
  it('are its key, VIN, client_id, every text or number in its reference, and its contact, each once and trimmed', () => {
    const terms = sessionSearchTerms({
      key: 'XKT-7Q2M9D4B1A',
      vin: '1HGCM82633A004352',
      options: options({
        clientId: ' lot-42 ',
        reference: { stock: 'A-17', lane: 4, nested: { deal: ['D-9', true, null, 12.5] }, empty: '   ' },
        contact: { name: 'Dana', phone: '+1 (555) 010-0199', email: 'dana@example.com' },
        sms: { to: '+15550100199', toName: 'Dana', from: null, by: null },
        email: { to: 'dana@example.com', toName: 'Dana D.' },
      }),
    });
    expect(terms).toEqual([
      'XKT-7Q2M9D4B1A',
      '1HGCM82633A004352',
      'lot-42',
      'A-17',
      '4',
      'D-9',
      '12.5',
      '+1 (555) 010-0199',
      '15550100199',
      '+15550100199',
      'Dana',
      'dana@example.com',
      'Dana D.',
    ]);
  });

  it('leave out what is unknown, and stay within 60 words of 200 characters', () => {
    expect(sessionSearchTerms({ key: 'XKT-7Q2M9D4B1A', vin: null, options: options() })).toEqual(['XKT-7Q2M9D4B1A']);
    const reference = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`k${index}`, `${String(index).padStart(3, '0')}${'y'.repeat(300)}`]));
    const terms = sessionSearchTerms({ key: 'XKT-7Q2M9D4B1A', vin: null, options: options({ reference }) });
    expect(terms).toHaveLength(60);
    expect(terms[1]).toBe(`000${'y'.repeat(197)}`);
    expect(Math.max(...terms.map((term) => term.length))).toBe(200);
  });
});
