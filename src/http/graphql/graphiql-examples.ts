// The operations GraphiQL opens with (outside production), so that a newcomer can explore in one click: one tab per
// task — list sessions, watch events live, create a session, the capture flow, callbacks — with placeholder API
// headers, or none when the browser is signed in (its cookie is then the credential). Every operation here is
// checked against the schema by test/http/graphiql-examples.test.ts.
import type { GraphiQLOptions } from 'graphql-yoga';
import { PREFLIGHT_HEADER } from './csrf.js';

/** Account-scope credentials: replace the placeholders (README, "Signing a request"). */
const ACCOUNT_HEADERS = JSON.stringify(
  {
    'API-Key': '<api_key>',
    'API-Timestamp': '<now, UTC: YYYY-MM-DDTHH:MM:SSZ>',
    'API-Token': '<hex HMAC-SHA256 of "<username>:<api_key>@<API-Timestamp>" keyed with api_secret>',
  },
  null,
  2,
);

/** Capture-scope credentials: the fragment of a session's capture_url (after the #). */
const CAPTURE_HEADERS = JSON.stringify({ 'Capture-Token': '<the part of capture_url after #>' }, null, 2);

/** A signed-in browser sends its cg_session cookie: no header at all (docs/staff.md). */
const NO_HEADERS = '{}';

const SIGN_IN_LINE = '# Sign in at /dashboard to run these with your user: the page then needs no headers.';

const INTRODUCTION = `# capture-gateway GraphQL
#
${SIGN_IN_LINE}
#
# Credentials go in the Headers tab below. Account scope: API-Key, API-Timestamp and API-Token, where
# API-Token is the lowercase hex HMAC-SHA256 of "<username>:<api_key>@<API-Timestamp>" keyed with your
# api_secret; a token lives 5 minutes. Capture scope (one session): Capture-Token, the part of the
# session's capture_url after the "#".
#
# The tabs above hold more examples: watching events live (a subscription), creating a session,
# the capture flow and callbacks.
`;

const SIGNED_IN_INTRODUCTION = `# capture-gateway GraphQL
#
# You are signed in: these operations run as your user, with your role's rights, through the sign-in
# cookie; no headers are needed (API headers, if you add some, take precedence over the cookie).
# The capture flow tab still uses a Capture-Token: it acts as the phone of one session.
#
# The tabs above hold more examples: watching events live (a subscription), creating a session,
# the capture flow and callbacks.
`;

const SESSIONS_QUERY = `
# Latest activity first; search matches part of a session key, VIN or client id, and
# awaitingReview: true lists the review queue.
query RecentSessions($status: SessionStatus, $search: String) {
  inspectionSessions(first: 10, status: $status, search: $search) {
    edges {
      node {
        sessionKey
        status
        theme
        vehicle
        acceptedPhotoCount
        requiredPhotos { photoCode photoLabel }
        createdAt
        lastActivityAt
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

export const SESSIONS_EXAMPLE = `${INTRODUCTION}${SESSIONS_QUERY}`;
export const SIGNED_IN_SESSIONS_EXAMPLE = `${SIGNED_IN_INTRODUCTION}${SESSIONS_QUERY}`;

export const SESSION_EVENTS_EXAMPLE = `# Every event of the account's sessions, live. Add sessionKey to watch one session; with a capture
# token only that session's events are sent. after: "0" first replays every recorded event, then
# continues live; pass the id of the last event you saw to resume with no gap and no duplicate.
# payload is exactly the webhook body of the event.
subscription WatchEvents($sessionKey: String, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) {
    id
    event
    sessionKey
    timestamp
    payload
  }
}
`;

export const CREATE_SESSION_EXAMPLE = `# Creates a session; input is the POST /v1/sessions body with camelCase names (redirectUrl,
# clientId, odomReading, ...), checked by the same rules. Open captureUrl on a phone to capture it.
mutation CreateSession($input: CreateInspectionSessionInput) {
  createInspectionSession(input: $input) {
    sessionKey
    status
    theme
    captureUrl
    requiredPhotos { photoCode photoLabel hint }
  }
}
`;

export const CAPTURE_FLOW_EXAMPLE = `# The capture flow, as the web capture app runs it (Capture-Token header). Photos are sent with
# capturePhoto through the GraphQL multipart request (a file upload), which GraphiQL cannot send;
# see the README or the capture page at /capture/<session_key>.
query CaptureSession($sessionKey: String!) {
  inspectionSession(sessionKey: $sessionKey) {
    status
    vehicle
    requiredPhotos { photoCode photoLabel hint }
    photos { photoCode approved approvedMessage url }
    notes { title description user }
  }
}

mutation StartCapture($sessionKey: String!) {
  startCapture(sessionKey: $sessionKey) { status inspectStartedAt }
}

mutation AddNote($sessionKey: String!) {
  addNote(sessionKey: $sessionKey, title: "Scratch", description: "Small scratch near the rear door handle") { title user createdAt }
}

mutation SetLocation($sessionKey: String!) {
  setLocation(sessionKey: $sessionKey, latitude: 48.8566, longitude: 2.3522, accuracy: 15) { location { latitude longitude accuracy } }
}

mutation Confirm($sessionKey: String!) {
  confirmInspection(sessionKey: $sessionKey) { status inspectEndedAt }
}
`;

export const CALLBACKS_EXAMPLE = `# One webhook per event; deliveries are signed with the callback's secret (Standard Webhooks).
query Callbacks {
  callbacks { event url method headers payload active }
}

mutation SetStatusCallback {
  setCallback(event: SESSION_STATUS_CHANGE, input: { url: "https://example.com/webhooks/capture", method: POST, payload: { source: "graphiql" } }) {
    event
    url
    secret
  }
}

mutation DeleteStatusCallback {
  deleteCallback(event: SESSION_STATUS_CHANGE)
}
`;

const SESSION_VARIABLES = JSON.stringify({ sessionKey: '<session_key, e.g. ABC-1234567890>' }, null, 2);

/** One tab per example, in the order a newcomer would try them; `accountHeaders` fills the account-scope tabs. */
function exampleTabs(sessionsExample: string, accountHeaders: string): NonNullable<GraphiQLOptions['defaultTabs']> {
  return [
    { query: sessionsExample, variables: JSON.stringify({ status: null, search: null }, null, 2), headers: accountHeaders },
    { query: SESSION_EVENTS_EXAMPLE, variables: JSON.stringify({ after: '0' }, null, 2), headers: accountHeaders },
    {
      query: CREATE_SESSION_EXAMPLE,
      variables: JSON.stringify(
        {
          input: {
            session: { theme: 'LITE', clientId: 'claim-1042' },
            vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord', odomReading: 48000, odomUnit: 'km' },
          },
        },
        null,
        2,
      ),
      headers: accountHeaders,
    },
    { query: CAPTURE_FLOW_EXAMPLE, variables: SESSION_VARIABLES, headers: CAPTURE_HEADERS },
    { query: CALLBACKS_EXAMPLE, variables: '{}', headers: accountHeaders },
  ];
}

/** The tabs for a browser that is not signed in: placeholder API headers to replace. */
export const GRAPHIQL_EXAMPLE_TABS = exampleTabs(SESSIONS_EXAMPLE, ACCOUNT_HEADERS);
/** The tabs for a signed-in browser: no API headers, so the cookie is the credential. */
export const SIGNED_IN_GRAPHIQL_EXAMPLE_TABS = exampleTabs(SIGNED_IN_SESSIONS_EXAMPLE, NO_HEADERS);

/** The default query text (the first tab), for GraphiQL versions that take one query only. */
export const GRAPHIQL_DEFAULT_QUERY = SESSIONS_EXAMPLE;

/** Spread into Yoga's `graphiql` options (a browser that is not signed in). */
export const graphiqlExampleOptions = {
  defaultQuery: GRAPHIQL_DEFAULT_QUERY,
  defaultTabs: GRAPHIQL_EXAMPLE_TABS,
  defaultHeaders: ACCOUNT_HEADERS,
} satisfies GraphiQLOptions;

/**
 * Spread into Yoga's `graphiql` options for a signed-in browser. GraphiQL fetches with credentials same-origin, so
 * the cookie goes with every request; a JSON POST passes the cross-site request check as it is, and the SSE
 * subscription (a GET) carries graphql-require-preflight, sent with every request GraphiQL makes.
 */
export const signedInGraphiqlExampleOptions = {
  defaultQuery: SIGNED_IN_SESSIONS_EXAMPLE,
  defaultTabs: SIGNED_IN_GRAPHIQL_EXAMPLE_TABS,
  defaultHeaders: NO_HEADERS,
  additionalHeaders: { [PREFLIGHT_HEADER]: '1' },
} satisfies GraphiQLOptions;
