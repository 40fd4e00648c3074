// Per-session caps that keep one session, and so one tenant, from growing without bound (CONTRACT §16).
export const MAX_NOTES_PER_SESSION = 200;
export const MAX_DAMAGES_PER_SESSION = 100;
