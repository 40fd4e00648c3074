// When each delivery attempt happens (docs/webhooks.md): the fixed schedule with ±20 % jitter, Retry-After honoured.
// Pure functions of their inputs, so the outbox worker and the tests share one definition of "when".

/** Delay before each attempt, measured from the previous attempt (the first goes out at once). 13 attempts. */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = Object.freeze([
  0,
  5,
  30,
  2 * 60,
  10 * 60,
  30 * 60,
  60 * 60,
  2 * 3600,
  4 * 3600,
  8 * 3600,
  12 * 3600,
  24 * 3600,
  24 * 3600,
]);

export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length;

/** Each scheduled delay is drawn uniformly from [0.8, 1.2) of its nominal value, so retries do not stampede. */
export const JITTER_RATIO = 0.2;

/** A receiver's Retry-After can postpone an attempt by at most this much (the schedule's own longest gap). */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

export interface DelayOptions {
  /** Source of uniform [0, 1) numbers; tests pass a fixed one. Default Math.random. */
  random?: () => number;
  /** The previous response's Retry-After, in seconds (see parseRetryAfter). */
  retryAfterSeconds?: number | null;
  /** Multiplies every delay; tests use a tiny scale so a whole schedule runs in milliseconds. Default 1. */
  timeScale?: number;
}

/**
 * Milliseconds to wait before making attempt `attemptNumber` (1-based), or null when the schedule is exhausted.
 * Retry-After only ever postpones: the delay is max(jittered schedule, min(Retry-After, 24 h)), so a receiver can
 * neither make us retry faster than the schedule nor park a delivery beyond the longest scheduled gap.
 */
export function delayBeforeAttempt(attemptNumber: number, options: DelayOptions = {}): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attemptNumber must be a whole number from 1; got ${attemptNumber}.`);
  }
  const scheduledSeconds = RETRY_SCHEDULE_SECONDS[attemptNumber - 1];
  if (scheduledSeconds === undefined) return null;

  const { random = Math.random, retryAfterSeconds = null, timeScale = 1 } = options;
  if (!Number.isFinite(timeScale) || timeScale < 0) throw new RangeError(`timeScale must be a finite number >= 0; got ${timeScale}.`);

  const jitterFactor = 1 + JITTER_RATIO * (2 * clampUnit(random()) - 1);
  let delayMs = scheduledSeconds * 1000 * jitterFactor;
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) {
    delayMs = Math.max(delayMs, Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS) * 1000);
  }
  return Math.round(delayMs * timeScale);
}

/**
 * A Retry-After header in seconds from `now`: either delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * A date in the past gives 0; anything unparseable gives null (ignored rather than guessed at).
 */
export function parseRetryAfter(headerValue: string | readonly string[] | null | undefined, now: Date | number): number | null {
  const raw = typeof headerValue === 'string' ? headerValue : headerValue?.[0];
  if (raw === undefined) return null;
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value);

  // Gate on a leading day name: V8's Date.parse accepts almost anything ("hello 2020" is a date to it).
  if (!/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i.test(value)) return null;
  // asctime dates carry no zone but are GMT by definition; Date.parse would read them as local time.
  const dated = /\b(GMT|UTC|Z|[+-]\d{4})$/i.test(value) ? value : `${value} GMT`;
  const at = Date.parse(dated);
  if (Number.isNaN(at)) return null;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 : value;
}
