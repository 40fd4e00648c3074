// What one inspection session may hold (CONTRACT §16). A session's owner cannot grow the database or the photo store
// without bound; past a limit the request is refused with LIMIT_REACHED and nothing is stored.

/** Captures (uploads, accepted or rejected) per required photo: enough for several retakes of every view. */
export const CAPTURES_PER_REQUIRED_PHOTO = 3;
/** Captures allowed on top of that, so a short theme still leaves room for a few extra attempts. */
export const EXTRA_CAPTURES_PER_SESSION = 10;

/** At most `3 × required photos + 10` captures per session. */
export function maxCapturesPerSession(requiredPhotos: number): number {
  return CAPTURES_PER_REQUIRED_PHOTO * requiredPhotos + EXTRA_CAPTURES_PER_SESSION;
}
