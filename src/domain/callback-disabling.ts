// When the service turns a callback off by itself, and how it says why (docs/webhooks.md#disabled-callbacks): a
// receiver answered 410 Gone, or every attempt failed for CALLBACK_DISABLE_DAYS days in a row.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the service disabled a callback: the API's `disabled_reason` and the owners' mail both say it from this. */
export type CallbackDisableCause =
  | { kind: 'gone' }
  | {
      kind: 'failing';
      /** CALLBACK_DISABLE_DAYS. */
      days: number;
      /** The first failed attempt of the run. */
      since: Date;
      /** What the attempt that ended it met, e.g. "HTTP 500 Internal Server Error"; null when unknown. */
      lastError: string | null;
    };

/**
 * True when a callback failing since `failingSince` has failed for `days` days by `now`. The run is only ever seen
 * to end at an attempt, so a callback nothing is sent to is never disabled.
 */
export function hasFailedTooLong(failingSince: Date, now: Date, days: number): boolean {
  return now.getTime() - failingSince.getTime() >= days * DAY_MS;
}

/** The API's `disabled_reason`, in English as every message of the API. */
export function disabledReason(cause: CallbackDisableCause): string {
  if (cause.kind === 'gone') return 'The receiver answered 410 Gone.';
  const error = cause.lastError?.slice(0, 200).trim();
  const last = error ? ` Last error: ${error}${/[.!?]$/.test(error) ? '' : '.'}` : '';
  return `Every delivery attempt failed for ${cause.days} day${cause.days === 1 ? '' : 's'} (none succeeded since ${cause.since.toISOString()}).${last}`;
}
