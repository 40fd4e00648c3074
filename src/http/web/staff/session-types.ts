// The shapes of a session as its page reads it (generated from the SessionDetail query), shared by the page, the
// review workspace and its summary.
import type { SessionDetailQuery } from './graphql/graphql.js';

export type SessionDetail = SessionDetailQuery['inspectionSession'];
export type DamageRecord = SessionDetail['damages'][number];
