// The API-Timestamp rules: a strict YYYY-MM-DDTHH:MM:SSZ that names a real calendar time near the server clock.
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

const TIMESTAMP_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** The instant the timestamp names, or null when it is malformed or not a real time (e.g. Feb 30, 24:00). */
export function parseApiTimestamp(value: string): Date | null {
  const match = TIMESTAMP_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const roundTrips =
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second;
  return roundTrips ? instant : null;
}

export function isFresh(instant: Date, now: Date): boolean {
  return Math.abs(now.getTime() - instant.getTime()) <= TIMESTAMP_TOLERANCE_SECONDS * 1000;
}

export function formatApiTimestamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
