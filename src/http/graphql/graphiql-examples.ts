// The operations GraphiQL opens with (outside production), so that a newcomer can explore in one click: one tab per
// task — list sessions, watch events live, create a session, the capture flow, callbacks. Every operation here is
// checked against the schema by test/http/graphiql-examples.test.ts.
import type { GraphiQLOptions } from 'graphql-yoga';

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

const INTRODUCTION = `# capture-gateway GraphQL
#
# Credentials go in the Headers tab below. Account scope: API-Key, API-Timestamp and API-Token, where
# API-Token is the lowercase hex HMAC-SHA256 of "<username>:<api_key>@<API-Timestamp>" keyed with your
# api_secret; a token lives 5 minutes. Capture scope (one session): Capture-Token, the part of the
# session's capture_url after the "#".
#
# The tabs above hold more examples: watching events live (a subscription), creating a session,
# the capture flow and callbacks.
`;

export const SESSIONS_EXAMPLE = `${INTRODUCTION}
query RecentSessions($status: SessionStatus) {
  inspectionSessions(first: 10, status: $status) {
    edges {
      node {
        sessionKey
        status
        theme
        vehicle
        acceptedPhotoCount
        requiredPhotos { photoCode photoLabel }
        createdAt
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

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

export const CREATE_SESSION_EXAMPLE = `# Creates a session; input is the POST /v1/sessions body. Open captureUrl on a phone to capture it.
mutation CreateSession($input: JSON) {
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

/** One tab per example, in the order a newcomer would try them. */
export const GRAPHIQL_EXAMPLE_TABS: NonNullable<GraphiQLOptions['defaultTabs']> = [
  { query: SESSIONS_EXAMPLE, variables: JSON.stringify({ status: null }, null, 2), headers: ACCOUNT_HEADERS },
  { query: SESSION_EVENTS_EXAMPLE, variables: JSON.stringify({ after: '0' }, null, 2), headers: ACCOUNT_HEADERS },
  {
    query: CREATE_SESSION_EXAMPLE,
    variables: JSON.stringify(
      { input: { session: { theme: 'LITE' }, vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord' } } },
      null,
      2,
    ),
    headers: ACCOUNT_HEADERS,
  },
  { query: CAPTURE_FLOW_EXAMPLE, variables: SESSION_VARIABLES, headers: CAPTURE_HEADERS },
  { query: CALLBACKS_EXAMPLE, variables: '{}', headers: ACCOUNT_HEADERS },
];

/** The default query text (the first tab), for GraphiQL versions that take one query only. */
export const GRAPHIQL_DEFAULT_QUERY = SESSIONS_EXAMPLE;

/** Spread into Yoga's `graphiql` options. */
export const graphiqlExampleOptions = {
  defaultQuery: GRAPHIQL_DEFAULT_QUERY,
  defaultTabs: GRAPHIQL_EXAMPLE_TABS,
  defaultHeaders: ACCOUNT_HEADERS,
} satisfies GraphiQLOptions;
