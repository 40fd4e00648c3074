// What one inspection session may hold (docs/limits.md), so one session, and so one tenant, cannot grow the database
// or the photo store without bound; past a limit the request is refused with LIMIT_REACHED and nothing is stored.
export const MAX_NOTES_PER_SESSION = 200;
export const MAX_DAMAGES_PER_SESSION = 100;

/** Captures (uploads, accepted or rejected) per required photo: enough for several retakes of every view. */
export const CAPTURES_PER_REQUIRED_PHOTO = 3;
/** Captures allowed on top of that, so a short theme still leaves room for a few extra attempts. */
export const EXTRA_CAPTURES_PER_SESSION = 10;

/** At most `3 × required photos + 10` captures per session. */
export function maxCapturesPerSession(requiredPhotos: number): number {
  return CAPTURES_PER_REQUIRED_PHOTO * requiredPhotos + EXTRA_CAPTURES_PER_SESSION;
}
