// Time formats of the wire: ISO 8601 with an explicit +00:00 offset (payloads, results). The API's second-precision
// YYYY-MM-DDTHH:MM:SSZ lives with the request timestamp rules in src/auth/api-timestamp.ts.
import { z } from 'zod';

/** A time in a JSON answer, from Date.toISOString(): e.g. 2026-11-22T03:58:16.123Z. */
export const UtcTimestampSchema = z.string().meta({ format: 'date-time', description: 'ISO 8601 in UTC.' });

/** A time in a payload or results document, from isoTimestamp(): e.g. 2026-11-22T03:58:16.123+00:00. */
export const OffsetTimestampSchema = z.string().meta({ format: 'date-time', description: 'ISO 8601 with the offset +00:00.' });

/** e.g. 2026-11-22T03:58:16.123+00:00. Throws RangeError for an invalid date. */
export function isoTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, -1)}+00:00`;
}

/** Whole seconds from `start` to `end` (rounded down), null when either is unknown; never negative. */
export function wholeSecondsBetween(start: Date | null, end: Date | null): number | null {
  if (start === null || end === null) return null;
  return Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000));
}

const INSTANT_MESSAGE = 'must be an ISO 8601 date-time with its offset (e.g. 2026-03-14T09:00:00Z) or a date (2026-03-14, read as midnight UTC).';

/** A point in time a client sends (e.g. `since`): a date-time with Z or an offset, or a date at midnight UTC. */
export const IsoInstantInputSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: INSTANT_MESSAGE })
  .transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text))
  .meta({ description: 'ISO 8601: a date-time with Z or an offset, or a date (midnight UTC).', example: '2026-03-14T09:00:00Z' });
