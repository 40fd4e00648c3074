// The dashboard at /dashboard: an account's sessions, live, for its staff. People sign in with a username and
// password (POST /auth/login sets the HttpOnly cg_session cookie); GraphQL requests and the live socket carry that
// cookie, never the account's API secret.
import { graphqlRequest, GraphQLRequestError, LiveConnection } from './graphql-client.js';
import { DAMAGE_FIELDS, renderReview } from './review.js';
import { loadViewNames, viewName } from './view-names.js';
import { byId, errorMessage, fill, formatTime, h, laterStatus, rejectionReason, statusOfEvent, vehicleFacts, vehicleTitle } from './ui.js';
/** @import { LiveState, Operation, Variables } from './types/graphql' */
/** @import { Connection, SessionEvent, SessionStatus, Vehicle } from './types/session' */
/** @import { Callback, Delivery, Me, ReportLinks, SessionDeliveries, SessionDetail, SessionRow, User } from './types/dashboard' */
/** @import { Child } from './types/ui' */
/** @typedef {{ inspectionSession: SessionRow }} SessionRowData */

/** Roles as people say them (docs/staff.md). */
/** @type {Record<string, string>} */
const ROLE_LABELS = { owner: 'Owner', inspector: 'Inspector', viewer: 'Viewer' };
const PAGE_SIZE = 25;
const DELIVERY_PAGE_SIZE = 100;
const FINISHED_DELIVERY = new Set(['SUCCEEDED', 'FAILED']);

const ROW_FIELDS = 'sessionKey status awaitingReview theme vehicle createdAt updatedAt lastActivityAt acceptedPhotoCount requiredPhotos { photoCode }';
/** @type {Operation<{ inspectionSessions: Connection<SessionRow> }>} */
const LIST_SESSIONS = `query DashboardSessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {
  inspectionSessions(first: $first, after: $after, status: $status, awaitingReview: $awaitingReview, search: $search) {
    edges { node { ${ROW_FIELDS} } } pageInfo { hasNextPage endCursor }
  }
}`;
/** Statuses as staff say them; the code stays in the badge's tooltip (docs/events.md names). */
/** @type {Record<SessionStatus, string>} */
const STATUS_LABELS = {
  IDLE: 'Link not opened',
  STARTED: 'Waiting for photos',
  PROCESS: 'Photos coming in',
  QC_PASSED: 'Photos approved',
  CONFIRM: 'Confirmed',
  COMPLETE: 'Report ready',
  EXPIRED: 'Expired',
};
const AWAITING_REVIEW = 'AWAITING_REVIEW';
/** @type {Set<SessionStatus>} */
const REVIEWABLE = new Set(['PROCESS', 'QC_PASSED', 'CONFIRM']);
/** @type {Operation<SessionRowData>} */
const SESSION_ROW = `query DashboardSessionRow($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ${ROW_FIELDS} } }`;
/** @type {Operation<{ inspectionSession: SessionDetail }>} */
const SESSION_DETAIL = `query DashboardSessionDetail($sessionKey: String!) {
  inspectionSession(sessionKey: $sessionKey) {
    ${ROW_FIELDS} captureUrl inspectStartedAt inspectEndedAt expiresAt language options vinCaptured
    photos { photoCode photoLabel approved approvedMessage url createdAt }
    damages { ${DAMAGE_FIELDS} }
    notes { title description user createdAt }
    location { latitude longitude accuracy capturedAt }
  }
}`;
/** @type {Operation<{ createInspectionSession: SessionRow & { captureUrl: string } }>} */
const CREATE_SESSION = `mutation DashboardCreateSession($input: CreateInspectionSessionInput) { createInspectionSession(input: $input) { ${ROW_FIELDS} captureUrl } }`;
/** @type {Operation<{ sessionResults: { report?: ReportLinks | null } | null }>} */
const SESSION_RESULTS = 'query DashboardSessionResults($sessionKey: String!) { sessionResults(sessionKey: $sessionKey) }';
const USER_FIELDS = 'username name role createdAt';
/** @type {Operation<{ users: User[] }>} */
const USERS = `query DashboardUsers { users { ${USER_FIELDS} } }`;
/** @type {Operation<{ createUser: User }>} */
const CREATE_USER = `mutation DashboardCreateUser($input: CreateUserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`;
/** @type {Operation<{ deleteUser: string }>} */
const DELETE_USER = 'mutation DashboardDeleteUser($username: String!) { deleteUser(username: $username) }';
/** @type {Operation<{ callbacks: Callback[] }>} */
const CALLBACKS = 'query DashboardCallbacks { callbacks { event url method headers payload secret active } }';
/** @type {Operation<{ setCallback: Callback }>} */
const SET_CALLBACK = `mutation DashboardSetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) {
  setCallback(event: $event, input: $input) { event url method headers payload secret active }
}`;
/** @type {Operation<{ deleteCallback: string }>} */
const DELETE_CALLBACK = 'mutation DashboardDeleteCallback($event: WebhookEvent!) { deleteCallback(event: $event) }';
/** @type {Operation<{ testCallback: Pick<Delivery, 'id' | 'status'> }>} */
const TEST_CALLBACK = 'mutation DashboardTestCallback($event: WebhookEvent!) { testCallback(event: $event) { id status } }';
/** @type {Operation<{ rotateCallbackSecret: Pick<Callback, 'event' | 'secret'> }>} */
const ROTATE_CALLBACK_SECRET = 'mutation DashboardRotateSecret($event: WebhookEvent!) { rotateCallbackSecret(event: $event) { event secret } }';
/** @type {Operation<{ callbacks: Pick<Callback, 'event'>[] }>} */
const CALLBACK_EVENTS = 'query DashboardCallbackEvents { callbacks { event } }';
const DELIVERY_FIELDS =
  'id event sessionKey test status attemptCount nextAttemptAt lastStatusCode lastError createdAt attempts { attempt statusCode responseBody }';
/** @type {Operation<{ deliveries: Connection<Delivery> }>} */
const DELIVERIES = `query DashboardDeliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {
  deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) { edges { node { ${DELIVERY_FIELDS} } } pageInfo { hasNextPage endCursor } }
}`;
/** @type {Operation<{ redeliver: Delivery }>} */
const REDELIVER = `mutation DashboardRedeliver($id: ID!) { redeliver(id: $id) { ${DELIVERY_FIELDS} } }`;
/** @type {Operation<{ sessionEvents: SessionEvent }>} */
const ACCOUNT_EVENTS = 'subscription DashboardEvents($after: String) { sessionEvents(after: $after) { id event sessionKey timestamp payload } }';
/** @type {Operation<{ sessionEvents: SessionEvent }>} */
const SESSION_EVENTS = `subscription DashboardSessionEvents($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }
}`;

/** @type {Me | null} The signed-in user, as GET /auth/me answers. */
let me = null;
/** @type {LiveConnection | null} */
let live = null;
/** @type {string | null} */
let lastEventId = null;
let everConnected = false;

/** @type {Map<string, SessionRow>} */
const sessions = new Map(); // sessionKey → session row data
/** @type {Connection<SessionRow>['pageInfo']} */
let pageInfo = { hasNextPage: false, endCursor: null };
/** @type {Map<string, ReturnType<typeof setTimeout>>} */
const refetchTimers = new Map();

/**
 * The open session's detail.
 * @type {{ sessionKey: string | null, stop: (() => void) | null, events: Map<string, SessionEvent>,
 *   refreshTimer: ReturnType<typeof setTimeout> | undefined, deliveriesTimer: ReturnType<typeof setTimeout> | undefined,
 *   deliveriesRequest: number }}
 */
const detail = { sessionKey: null, stop: null, events: new Map(), refreshTimer: undefined, deliveriesTimer: undefined, deliveriesRequest: 0 };

// -------------------------------------------------------------------------------------------- sign in

/** Callbacks and deliveries are the owner's (docs/staff.md roles); inspectors and viewers do not see them. */
function managesWebhooks() {
  return me?.role === 'owner';
}

/**
 * GraphQL over the sign-in cookie (sent by the browser itself); a lost sign-in returns to the sign-in form.
 * @template Data
 * @param {Operation<Data>} query
 * @param {Variables} [variables]
 * @returns {Promise<Data>}
 */
async function api(query, variables = {}) {
  try {
    return await graphqlRequest(query, variables);
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === 'UNAUTHENTICATED') signedOut('Your sign-in has ended. Sign in again.');
    throw error;
  }
}

/**
 * What /auth/login or /auth/me answered: the user, or null with the server's reason.
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<{ user: Me } | { user: null, message: string, status: number }>}
 */
async function authRequest(path, init = {}) {
  const response = await fetch(path, { cache: 'no-store', ...init });
  const body = await response.json().catch(() => ({}));
  return response.ok ? { user: body } : { user: null, message: body.message ?? `The server answered ${response.status}.`, status: response.status };
}

/** @param {SubmitEvent} event */
async function submitSignIn(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const error = byId('sign-in-error');
  const button = submitButton(form);
  const username = formField('username').value.trim();
  const password = formField('password').value;
  error.hidden = true;
  if (!username || !password) {
    error.textContent = 'Enter your username and password.';
    error.hidden = false;
    return;
  }
  button.disabled = true;
  button.textContent = 'Signing in…';
  try {
    const answer = await authRequest('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!answer.user) {
      error.textContent = answer.status === 429 ? answer.message : `Not signed in: ${answer.message}`;
      error.hidden = false;
      return;
    }
    formField('password').value = '';
    me = answer.user;
    await openWorkspace();
  } catch {
    error.textContent = 'The server could not be reached. Check your connection and try again.';
    error.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = 'Sign in';
  }
}

async function signOut() {
  await fetch('/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
  live?.close();
  // A fresh page: nothing of the account stays in memory.
  location.reload();
}

/** The sign-in ended elsewhere (expired, signed out, user removed): back to the form, with why. */
/** @param {string} message */
function signedOut(message) {
  live?.close();
  me = null;
  byId('workspace').hidden = true;
  byId('account-bar').hidden = true;
  byId('sign-in').hidden = false;
  showError('sign-in-error', message);
}

async function openWorkspace() {
  if (!me) return;
  byId('sign-in').hidden = true;
  byId('workspace').hidden = false;
  byId('account-bar').hidden = false;
  byId('signed-in-as').textContent = `${me.username} · ${ROLE_LABELS[me.role] ?? me.role}`;
  byId('signed-in-as').title = `Signed in to account ${me.account}`;
  byId('users').hidden = me.role !== 'owner';
  if (me.role === 'owner') void loadUsers();
  startLiveUpdates();
  byId('callbacks').hidden = !managesWebhooks();
  await Promise.all([loadSessions(), managesWebhooks() ? loadCallbacks() : null]);
}

// ------------------------------------------------------------------------------------------ live events

function startLiveUpdates() {
  // The socket's upgrade request carries the sign-in cookie: no connection parameters are needed.
  live = new LiveConnection({ onState: renderLiveState });
  live.subscribe(ACCOUNT_EVENTS, () => (lastEventId ? { after: lastEventId } : {}), {
    next: (data) => {
      if (data?.sessionEvents) handleAccountEvent(data.sessionEvents);
    },
    error: (errors) => showError('sessions-error', `Live updates stopped: ${errors[0]?.message ?? 'unknown error'}`),
  });
}

/** @param {LiveState} state */
function renderLiveState(state) {
  const element = byId('live-status');
  /** @type {Record<LiveState, string>} */
  const texts = { open: 'Live', connecting: 'Connecting…', retrying: 'Reconnecting…', refused: 'Live updates refused', closed: '' };
  element.dataset.state = state;
  element.textContent = texts[state] ?? '';
  if (state === 'open') {
    // After a drop, the replay from the last cursor fills the gap; the list is reloaded too in case none was seen.
    if (everConnected && !lastEventId) void loadSessions();
    everConnected = true;
  }
}

/** @param {SessionEvent} item */
function handleAccountEvent(item) {
  if (!lastEventId || Number(item.id) > Number(lastEventId)) lastEventId = item.id;
  const session = sessions.get(item.sessionKey);
  if (!session) {
    // A session created elsewhere since the list was loaded.
    scheduleRowRefetch(item.sessionKey, item);
    return;
  }
  const status = statusOfEvent(item);
  if (status) session.status = laterStatus(session.status, status);
  session.lastEvent = item;
  if (item.event === 'SESSION:STAGE_CHANGE' || item.event === 'SESSION:STATUS_CHANGE') scheduleRowRefetch(item.sessionKey, item);
  renderRow(session, { flash: true, toTop: true });
  if (detail.sessionKey === item.sessionKey) scheduleDetailRefresh();
}

/**
 * Whether a session new to the page belongs in the list as filtered now (the search is the server's to judge).
 * @param {SessionRow} row
 */
function matchesFilters(row) {
  const filter = formField('status-filter').value;
  if (formField('session-search').value.trim()) return false;
  if (filter === AWAITING_REVIEW) return row.awaitingReview;
  return !filter || row.status === filter;
}

/**
 * Reloads one row (its photo count changed, or it is new to the list), at most every 250 ms per session.
 * @param {string} sessionKey
 * @param {SessionEvent} item
 */
function scheduleRowRefetch(sessionKey, item) {
  if (refetchTimers.has(sessionKey)) return;
  refetchTimers.set(
    sessionKey,
    setTimeout(async () => {
      refetchTimers.delete(sessionKey);
      try {
        const data = await api(SESSION_ROW, { sessionKey });
        const known = sessions.get(sessionKey);
        const row = { ...data.inspectionSession, lastEvent: known?.lastEvent ?? item };
        if (known) row.status = laterStatus(known.status, row.status);
        if (!known && !matchesFilters(row)) return;
        sessions.set(sessionKey, row);
        renderRow(row, { flash: true, prepend: !known });
        renderEmptyState();
      } catch {
        // The next event or a refresh will bring it.
      }
    }, 250),
  );
}

// -------------------------------------------------------------------------------------------- sessions

async function loadSessions({ more = false } = {}) {
  const error = byId('sessions-error');
  error.hidden = true;
  const filter = formField('status-filter').value;
  const search = formField('session-search').value.trim() || null;
  const status = filter && filter !== AWAITING_REVIEW ? filter : null;
  const awaitingReview = filter === AWAITING_REVIEW ? true : null;
  try {
    const data = await api(LIST_SESSIONS, { first: PAGE_SIZE, after: more ? pageInfo.endCursor : null, status, awaitingReview, search });
    if (!more) {
      sessions.clear();
      fill(byId('sessions-body'));
    }
    for (const { node } of data.inspectionSessions.edges) {
      const known = sessions.get(node.sessionKey);
      const row = { ...node, lastEvent: known?.lastEvent ?? null };
      sessions.set(node.sessionKey, row);
      renderRow(row);
    }
    pageInfo = data.inspectionSessions.pageInfo;
    byId('load-more').hidden = !pageInfo.hasNextPage;
    renderEmptyState();
  } catch (failure) {
    showError('sessions-error', errorMessage(failure));
  }
}

function renderEmptyState() {
  byId('sessions-empty').hidden = sessions.size > 0;
}

/** @param {SessionEvent} item */
function describeEvent(item) {
  const payload = item.payload ?? {};
  switch (item.event) {
    case 'SESSION:STATUS_CHANGE':
      return `Status: ${payload.status}`;
    case 'SESSION:STAGE_CHANGE':
      return `${String(payload.photo_label ?? 'Photo').replace(/_/g, ' ')} photo ${payload.photo_status}`;
    case 'SESSION:NOTE_INSERT':
      return `Note: ${payload.title}`;
    case 'SESSION:COMPLETE':
      return 'Report ready';
    case 'SESSION:SMS_PROCESS':
      return `SMS ${payload.status === 'success' ? 'sent' : 'failed'}`;
    case 'SESSION:EXPIRED':
      return 'Expired';
    default:
      return item.event;
  }
}

/**
 * The VIN read from the label or typed by the person, flagged when it is not the VIN the integrator gave.
 * @param {string} captured
 * @param {Vehicle} vehicle
 */
function capturedVinFact(captured, vehicle) {
  const given = vehicle?.vin;
  if (!given) return captured;
  const matches = given.toUpperCase() === captured.toUpperCase();
  return h('span', {}, captured, ' ', h('span', { class: matches ? 'vin-match' : 'vin-mismatch' }, matches ? '✓ matches' : '⚠ does not match the VIN given'));
}

/** @param {SessionRow} session */
function statusBadge(session) {
  const label = session.awaitingReview ? 'Awaiting review' : (STATUS_LABELS[session.status] ?? session.status);
  return h('span', { class: 'status', dataset: { status: session.status }, title: `Status ${session.status}` }, label);
}

/**
 * Creates or updates the session's row in place (so focus on its button survives live updates).
 * @param {SessionRow} session
 * @param {{ flash?: boolean, prepend?: boolean, toTop?: boolean }} [options]
 */
function renderRow(session, { flash = false, prepend = false, toTop = false } = {}) {
  const body = byId('sessions-body');
  /** @type {HTMLTableRowElement | null} */
  let row = body.querySelector(`tr[data-session="${CSS.escape(session.sessionKey)}"]`);
  if (!row) {
    const open = h('button', { class: 'link-button', type: 'button', 'aria-label': `Open session ${session.sessionKey}` }, session.sessionKey);
    open.addEventListener('click', () => void openDetail(session.sessionKey));
    row = h('tr', { dataset: { session: session.sessionKey } }, h('td', {}, open), h('td'), h('td'), h('td'), h('td'), h('td'));
    if (prepend) body.prepend(row);
    else body.append(row);
  }
  const [, vehicleCell, themeCell, statusCell, photosCell, activityCell] = row.children;
  vehicleCell.textContent = vehicleTitle(session.vehicle) ?? session.vehicle?.vin ?? '—';
  themeCell.textContent = session.theme;
  fill(statusCell, statusBadge(session));
  row.dataset.status = session.status;
  photosCell.textContent = `${session.acceptedPhotoCount} / ${session.requiredPhotos.length}`;
  const last = session.lastEvent;
  fill(
    activityCell,
    last
      ? h('span', {}, describeEvent(last), h('br'), h('time', { class: 'muted', datetime: last.timestamp }, formatTime(last.timestamp)))
      : h('time', { class: 'muted', datetime: session.lastActivityAt }, formatTime(session.lastActivityAt)),
  );
  row.setAttribute('aria-selected', String(detail.sessionKey === session.sessionKey));
  // The list is in order of last activity: a session something just happened to goes first.
  if (toTop && body.firstElementChild !== row) body.prepend(row);
  if (flash) {
    row.classList.remove('flash');
    void row.offsetWidth; // restart the animation
    row.classList.add('flash');
  }
}

// ----------------------------------------------------------------------------------------- new session

/** @param {SubmitEvent} event */
async function submitNewSession(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const error = byId('new-session-error');
  const result = byId('new-session-result');
  const button = submitButton(form);
  error.hidden = true;
  /** @param {string} id */
  const value = (id) => formField(id).value.trim();
  /** @type {Record<string, unknown>} */
  const session = {};
  if (value('new-theme')) session.theme = value('new-theme');
  if (value('new-client-id')) session.clientId = value('new-client-id');
  /** @type {{ name?: string, phone?: string }} */
  const contact = {};
  if (value('new-contact-name')) contact.name = value('new-contact-name');
  if (value('new-contact-phone')) contact.phone = value('new-contact-phone');
  if (Object.keys(contact).length) session.contact = contact;
  /** @type {Record<string, string | number>} */
  const vehicle = {};
  if (value('new-vin')) vehicle.vin = value('new-vin').toUpperCase();
  if (value('new-year')) vehicle.year = Number(value('new-year'));
  if (value('new-make')) vehicle.make = value('new-make');
  if (value('new-model')) vehicle.model = value('new-model');
  /** @type {Record<string, unknown>} */
  const input = {};
  if (Object.keys(session).length) input.session = session;
  if (Object.keys(vehicle).length) input.vehicle = vehicle;
  if (/** @type {HTMLInputElement} */ (byId('new-send-sms')).checked) {
    if (!contact.phone) {
      showError('new-session-error', 'Enter the customer phone to text the capture link to.');
      return;
    }
    input.sms = { to: contact.phone.replace(/[\s().-]/g, ''), ...(contact.name ? { toName: contact.name } : {}) };
  }
  button.disabled = true;
  try {
    const created = (await api(CREATE_SESSION, { input })).createInspectionSession;
    const row = { ...created, lastEvent: null };
    sessions.set(created.sessionKey, row);
    renderRow(row, { flash: true, prepend: true });
    renderEmptyState();
    showCaptureLink(result, created);
    form.reset();
  } catch (failure) {
    showError('new-session-error', errorMessage(failure));
  } finally {
    button.disabled = false;
  }
}

/**
 * @param {HTMLElement} container
 * @param {{ sessionKey: string, captureUrl: string }} session
 */
function showCaptureLink(container, session) {
  const copy = h('button', { class: 'button small', type: 'button' }, 'Copy link');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(session.captureUrl);
      copy.textContent = 'Copied';
    } catch {
      window.getSelection()?.selectAllChildren(link);
      copy.textContent = 'Press Ctrl+C to copy';
    }
  });
  const link = h('a', { href: session.captureUrl, target: '_blank', rel: 'noopener noreferrer', class: 'mono', id: 'capture-link' }, session.captureUrl);
  container.hidden = false;
  fill(
    container,
    h('p', {}, h('strong', {}, `Session ${session.sessionKey} created.`), ' Send this capture link to the person with the vehicle:'),
    link,
    h('div', { class: 'toolbar' }, copy),
  );
}

// ---------------------------------------------------------------------------------------------- detail

/** @param {string} sessionKey */
async function openDetail(sessionKey) {
  closeDetail();
  detail.sessionKey = sessionKey;
  detail.events = new Map();
  for (const row of byId('sessions-body').children) row.setAttribute('aria-selected', String(/** @type {HTMLElement} */ (row).dataset.session === sessionKey));
  const section = byId('detail');
  section.hidden = false;
  fill(section, h('h2', { id: 'detail-title', tabindex: '-1' }, `Session ${sessionKey}`), h('p', { class: 'muted' }, 'Loading…'));
  section.querySelector('h2')?.focus();
  await refreshDetail();
  if (!live) return;
  // Every event of the session from the first one, then live ones: the timeline.
  detail.stop = live.subscribe(SESSION_EVENTS, () => ({ sessionKey, after: lastTimelineId() ?? '0' }), {
    next: (data) => {
      if (data?.sessionEvents && detail.sessionKey === sessionKey) addTimelineEvent(data.sessionEvents);
    },
    error: (errors) => showError('detail-error', errors[0]?.message ?? 'The events could not be loaded.'),
  });
}

function closeDetail() {
  detail.stop?.();
  detail.stop = null;
  clearTimeout(detail.refreshTimer);
  clearTimeout(detail.deliveriesTimer);
  const previous = detail.sessionKey;
  detail.sessionKey = null;
  byId('detail').hidden = true;
  for (const row of byId('sessions-body').children) row.setAttribute('aria-selected', 'false');
  return previous;
}

function lastTimelineId() {
  const ids = [...detail.events.keys()].map(Number);
  return ids.length ? String(Math.max(...ids)) : null;
}

function scheduleDetailRefresh() {
  clearTimeout(detail.refreshTimer);
  detail.refreshTimer = setTimeout(() => void refreshDetail(), 300);
}

async function refreshDetail() {
  const sessionKey = detail.sessionKey;
  if (!sessionKey) return;
  let session;
  try {
    session = (await api(SESSION_DETAIL, { sessionKey })).inspectionSession;
    // A completed session's results carry its shareable report links (docs/staff.md).
    if (session?.status === 'COMPLETE') session.report = (await api(SESSION_RESULTS, { sessionKey })).sessionResults?.report ?? null;
  } catch (failure) {
    fill(byId('detail'), h('h2', { id: 'detail-title' }, `Session ${sessionKey}`), h('p', { class: 'error', role: 'alert' }, errorMessage(failure)));
    return;
  }
  if (detail.sessionKey !== sessionKey) return;
  renderDetail(session);
}

/** @param {SessionDetail} session */
function renderDetail(session) {
  const section = byId('detail');
  const existingTimeline = section.querySelector('#timeline');
  const close = h('button', { class: 'button small', type: 'button' }, 'Close');
  close.addEventListener('click', () => {
    const key = closeDetail();
    /** @type {HTMLElement | null} */ (section.ownerDocument.querySelector(`tr[data-session="${CSS.escape(key ?? '')}"] button`))?.focus();
  });
  /** @type {[string, Child][]} */
  const facts = [
    ['Status', statusBadge(session)],
    ['Theme', session.theme],
    ['Photos accepted', `${session.acceptedPhotoCount} of ${session.requiredPhotos.length}`],
    ['Created', formatTime(session.createdAt)],
    ['Started', session.inspectStartedAt ? formatTime(session.inspectStartedAt) : '—'],
    ['Ended', session.inspectEndedAt ? formatTime(session.inspectEndedAt) : '—'],
    ['Expires if idle', session.status === 'COMPLETE' || session.status === 'EXPIRED' ? '—' : formatTime(session.expiresAt)],
    [
      'Location',
      session.location
        ? `${session.location.latitude.toFixed(5)}, ${session.location.longitude.toFixed(5)}${session.location.accuracy === null ? '' : ` (±${Math.round(session.location.accuracy)} m)`}`
        : '—',
    ],
    ...vehicleFacts(session.vehicle),
    ...(session.vinCaptured ? [/** @type {[string, Child]} */ (['VIN captured', capturedVinFact(session.vinCaptured, session.vehicle)])] : []),
  ];
  const reportActions = session.report ? reportLinks(session.report) : null;
  // A viewer gets no capture link (null): it would let them act as the person capturing.
  const captureLink =
    session.status === 'COMPLETE' || session.status === 'EXPIRED' || !session.captureUrl
      ? null
      : h(
          'p',
          {},
          h('strong', {}, 'Capture link: '),
          h('a', { href: session.captureUrl, target: '_blank', rel: 'noopener noreferrer', class: 'mono' }, session.captureUrl),
        );
  // Damages can be marked until the report is made; inspectors and owners do it (viewers read).
  // The section is kept across redraws, so live updates do not wipe a box being drawn (renderReview redraws it only
  // when the photos or damages changed).
  const existingReview = /** @type {HTMLElement | null} */ (section.querySelector('#review'));
  const review =
    REVIEWABLE.has(session.status) && me?.role !== 'viewer'
      ? (existingReview ?? h('section', { id: 'review', class: 'review', 'aria-labelledby': 'review-title' }))
      : null;
  const timeline = existingTimeline ?? h('ol', { id: 'timeline', class: 'timeline', 'aria-label': 'Events, oldest first' });
  const deliveries = managesWebhooks() ? deliveriesSection(session.sessionKey) : null;
  fill(
    section,
    h(
      'div',
      { class: 'panel-head' },
      h('h2', { id: 'detail-title', tabindex: '-1' }, `Session ${session.sessionKey}`, ' ', h('span', { class: 'muted' }, vehicleTitle(session.vehicle) ?? '')),
      close,
    ),
    h('p', { id: 'detail-error', class: 'error', role: 'alert', hidden: true }),
    h(
      'div',
      { class: 'grid-2' },
      h(
        'div',
        {},
        h(
          'dl',
          { class: 'facts' },
          facts.map(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]),
        ),
        captureLink,
        reportActions,
        h('p', { id: 'report-error', class: 'error', role: 'alert', hidden: true }),
      ),
      h('div', {}, h('h3', {}, 'Events'), timeline),
    ),
    review,
    h('h3', {}, `Photos (${session.photos.length})`),
    session.photos.length
      ? h(
          'ul',
          { class: 'photo-grid' },
          session.photos.map((photo) => photoFigure(photo)),
        )
      : h('p', { class: 'muted' }, 'No photos yet.'),
    h('h3', {}, `Notes (${session.notes.length})`),
    session.notes.length
      ? h(
          'ul',
          { class: 'notes-list' },
          session.notes.map((note) =>
            h(
              'li',
              { class: 'note' },
              h('p', { class: 'note-title' }, note.title, ' ', h('span', { class: 'muted' }, `— ${note.user}, ${formatTime(note.createdAt)}`)),
              h('p', { class: 'note-text' }, note.description),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No notes.'),
    deliveries,
  );
  if (review) {
    void renderReview(review, session, { api, changed: refreshDetail, announce }).catch((failure) => showError('detail-error', errorMessage(failure)));
  }
  // A session event usually means a new delivery: look again.
  if (deliveries) void loadDeliveries();
}

/** @param {SessionDetail['photos'][number]} photo */
function photoFigure(photo) {
  const label = viewName(photo);
  const verdict = photo.approved ? h('span', { class: 'accepted' }, 'Accepted') : h('span', { class: 'rejected' }, rejectionReason(photo.approvedMessage));
  const image = photo.url
    ? h(
        'a',
        { href: photo.url, target: '_blank', rel: 'noopener noreferrer' },
        h('img', { src: `${photo.url}?size=thumb`, alt: `${label} photo`, loading: 'lazy', decoding: 'async' }),
      )
    : h('div', { class: 'thumb', role: 'img', 'aria-label': 'No image stored' });
  return h(
    'li',
    {},
    h('figure', {}, image, h('figcaption', {}, h('strong', {}, label), ' · ', verdict, h('br'), h('span', { class: 'muted' }, formatTime(photo.createdAt)))),
  );
}

/** @param {SessionEvent} item */
function addTimelineEvent(item) {
  if (detail.events.has(item.id)) return;
  detail.events.set(item.id, item);
  const timeline = document.getElementById('timeline');
  if (!timeline) return;
  const payload = item.payload ?? {};
  const extra = item.event === 'SESSION:STAGE_CHANGE' && payload.photo_status === 'rejected' ? payload.message : '';
  timeline.append(
    h(
      'li',
      { dataset: { event: item.event, id: item.id } },
      h('span', { class: 'event-name' }, item.event),
      h('span', {}, describeEvent(item), extra ? ` — ${extra}` : ''),
      h('time', { datetime: item.timestamp }, formatTime(item.timestamp)),
    ),
  );
  timeline.scrollTop = timeline.scrollHeight;
}

// ------------------------------------------------------------------------------------- deliveries

/**
 * The webhook deliveries of the open session. Kept across refreshes of the same session (like the timeline), so
 * that reloading the list does not flash a "Loading…" state.
 * @param {string} sessionKey
 */
function deliveriesSection(sessionKey) {
  const existing = document.getElementById('deliveries');
  if (existing?.dataset.sessionKey === sessionKey) return existing;
  const refresh = h('button', { class: 'button small', type: 'button', 'aria-label': 'Refresh the webhook deliveries' }, 'Refresh');
  refresh.addEventListener('click', () => void loadDeliveries());
  return h(
    'section',
    { id: 'deliveries', class: 'deliveries', dataset: { sessionKey }, 'aria-labelledby': 'deliveries-title' },
    h('div', { class: 'panel-head' }, h('h3', { id: 'deliveries-title' }, 'Webhook deliveries'), refresh),
    h('p', { id: 'deliveries-error', class: 'error', role: 'alert', hidden: true }),
    h('div', { id: 'deliveries-content' }, h('p', { class: 'muted' }, 'Loading…')),
  );
}

/** Reloads the open session's deliveries; only the latest of overlapping loads is shown. */
async function loadDeliveries({ keepError = false } = {}) {
  const { sessionKey } = detail;
  const section = document.getElementById('deliveries');
  if (!sessionKey || !section) return;
  const request = (detail.deliveriesRequest += 1);
  clearTimeout(detail.deliveriesTimer);
  section.setAttribute('aria-busy', 'true');
  /** @type {SessionDeliveries | null} */
  let found = null;
  /** @type {Error | null} */
  let failure = null;
  try {
    found = await findSessionDeliveries(sessionKey);
  } catch (error) {
    failure = /** @type {Error} */ (error);
  }
  if (request !== detail.deliveriesRequest || detail.sessionKey !== sessionKey) return;
  section.removeAttribute('aria-busy');
  if (failure || !found) {
    showError('deliveries-error', `The deliveries could not be loaded: ${failure?.message}`);
    return;
  }
  if (!keepError) byId('deliveries-error').hidden = true;
  renderDeliveries(found);
  scheduleDeliveriesPoll(found.deliveries);
}

/**
 * Deliveries are listed per callback event: ask each event that has a callback for this session's, newest first.
 * @param {string} sessionKey
 * @returns {Promise<SessionDeliveries>}
 */
async function findSessionDeliveries(sessionKey) {
  const events = (await api(CALLBACK_EVENTS)).callbacks.map((callback) => callback.event.replace(':', '_'));
  const perEvent = await Promise.all(events.map((event) => sessionDeliveriesOf(event, sessionKey)));
  return { deliveries: perEvent.flat().sort(newestFirst), hasCallbacks: events.length > 0 };
}

/**
 * @param {string} event
 * @param {string} sessionKey
 * @returns {Promise<Delivery[]>}
 */
async function sessionDeliveriesOf(event, sessionKey) {
  /** @type {Delivery[]} */
  const deliveries = [];
  /** @type {string | null} */
  let after = null;
  for (;;) {
    let connection;
    try {
      connection = (await api(DELIVERIES, { event, sessionKey, first: DELIVERY_PAGE_SIZE, after })).deliveries;
    } catch (error) {
      // The callback was removed since the list of callbacks was read: it has nothing to show.
      if (error instanceof GraphQLRequestError && error.code === 'NOT_FOUND') return deliveries;
      throw error;
    }
    deliveries.push(...connection.edges.map((edge) => edge.node));
    if (!connection.pageInfo.hasNextPage) return deliveries;
    after = connection.pageInfo.endCursor;
  }
}

/**
 * @param {Delivery} a
 * @param {Delivery} b
 */
function newestFirst(a, b) {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * While a delivery is in flight, looks again when its outcome is due: soon while sending, at its next attempt while pending.
 * @param {Delivery[]} deliveries
 */
function scheduleDeliveriesPoll(deliveries) {
  const now = Date.now();
  const delays = deliveries
    .filter((delivery) => !FINISHED_DELIVERY.has(delivery.status))
    .map((delivery) => (delivery.status === 'PENDING' && delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - now + 1_000 : 1_500));
  if (!delays.length) return;
  detail.deliveriesTimer = setTimeout(() => void loadDeliveries(), Math.min(Math.max(Math.min(...delays), 1_000), 60_000));
}

/**
 * Rebuilds the list, then gives focus back to the row's button that had it (the list changes under the user).
 * @param {SessionDeliveries} found
 */
function renderDeliveries({ deliveries, hasCallbacks }) {
  const content = document.getElementById('deliveries-content');
  if (!content) return;
  const focusedId = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.('#deliveries tr[data-delivery]'))?.dataset.delivery;
  fill(content, deliveries.length ? deliveriesTable(deliveries) : emptyDeliveries(hasCallbacks));
  if (focusedId) /** @type {HTMLElement | null} */ (content.querySelector(`tr[data-delivery="${CSS.escape(focusedId)}"] button`))?.focus();
}

/** @param {boolean} hasCallbacks */
function emptyDeliveries(hasCallbacks) {
  return h(
    'p',
    { id: 'deliveries-empty', class: 'muted' },
    'No webhook deliveries for this session yet.',
    hasCallbacks ? null : ' No callback is set: add one under Callbacks to have this session’s events sent.',
  );
}

/** @param {Delivery[]} deliveries */
function deliveriesTable(deliveries) {
  const columns = ['Delivery', 'Event', 'Status', 'Attempts', 'Last result', 'Created'];
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      h('caption', { class: 'visually-hidden' }, 'Webhook deliveries of this session, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          columns.map((name) => h('th', { scope: 'col' }, name)),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')),
        ),
      ),
      h('tbody', { id: 'deliveries-body' }, deliveries.map(deliveryRow)),
    ),
  );
}

/** @param {Delivery} delivery */
function deliveryRow(delivery) {
  const status = delivery.status.toLowerCase();
  return h(
    'tr',
    { dataset: { delivery: delivery.id, status, event: eventName(delivery.event) } },
    h('td', { class: 'mono' }, delivery.id),
    h('td', { class: 'mono' }, eventName(delivery.event)),
    h('td', {}, h('span', { class: 'status', dataset: { status } }, status)),
    h('td', {}, String(delivery.attemptCount)),
    h('td', {}, lastResult(delivery)),
    h('td', {}, h('time', { datetime: delivery.createdAt }, formatTime(delivery.createdAt))),
    h('td', {}, redeliverButton(delivery)),
  );
}

/** "SESSION:NOTE_INSERT" from the GraphQL enum value "SESSION_NOTE_INSERT". */
/** @param {string} value */
function eventName(value) {
  return value.replace('_', ':');
}

/** @param {Delivery} delivery */
function lastResult(delivery) {
  const parts = [delivery.lastStatusCode === null ? null : `HTTP ${delivery.lastStatusCode}`, delivery.lastError].filter(Boolean);
  const next =
    delivery.status === 'PENDING' && delivery.nextAttemptAt && delivery.attemptCount > 0 ? `Next attempt ${formatTime(delivery.nextAttemptAt)}` : null;
  if (!parts.length && !next) return '—';
  // What the receiver answered to the last failed attempt, so its owner sees why without opening their logs.
  const failed = [...(delivery.attempts ?? [])].reverse().find((attempt) => attempt.statusCode !== null && attempt.statusCode >= 300);
  return h(
    'span',
    {},
    parts.length ? h('span', { class: delivery.lastError ? 'delivery-error' : null }, parts.join(' · ')) : null,
    parts.length && next ? h('br') : null,
    next ? h('span', { class: 'muted' }, next) : null,
    failed?.responseBody
      ? h(
          'details',
          { class: 'response-body' },
          h('summary', {}, `Receiver's answer (HTTP ${failed.statusCode})`),
          h('pre', { class: 'mono' }, failed.responseBody.slice(0, 2_000)),
        )
      : null,
  );
}

/**
 * Offered once a delivery is finished. In flight, the button stays (aria-disabled rather than disabled or
 * removed) so that keyboard focus is not lost while the list refreshes after a redelivery.
 * @param {Delivery} delivery
 */
function redeliverButton(delivery) {
  const finished = FINISHED_DELIVERY.has(delivery.status);
  const button = h(
    'button',
    {
      class: 'button small',
      type: 'button',
      'aria-label': `Redeliver ${delivery.id}`,
      'aria-disabled': finished ? null : 'true',
      title: finished ? null : 'Being delivered',
    },
    'Redeliver',
  );
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') !== 'true') void redeliver(delivery.id, button);
  });
  return button;
}

/**
 * @param {string} id
 * @param {HTMLButtonElement} button
 */
async function redeliver(id, button) {
  button.setAttribute('aria-disabled', 'true');
  button.textContent = 'Redelivering…';
  byId('deliveries-error').hidden = true;
  let failed = false;
  try {
    await api(REDELIVER, { id });
    announce(`Delivery ${id} was queued again.`);
  } catch (failure) {
    failed = true;
    showError('deliveries-error', `Delivery ${id} could not be redelivered: ${errorMessage(failure)}`);
  }
  await loadDeliveries({ keepError: failed });
}

/**
 * The report's shareable links: they open without signing in, so they can be pasted into a CRM or an email.
 * @param {ReportLinks} report
 */
function reportLinks(report) {
  const copy = h('button', { class: 'button small', type: 'button' }, 'Copy link');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(report.url);
      announce('The report link was copied.');
      copy.textContent = 'Copied';
    } catch {
      showError('report-error', `Copy the link by hand: ${report.url}`);
    }
  });
  return h(
    'div',
    { class: 'report-links' },
    h(
      'div',
      { class: 'toolbar' },
      h('a', { class: 'button small primary', href: report.url, target: '_blank', rel: 'noopener' }, 'View report'),
      h('a', { class: 'button small', href: report.pdf_url, target: '_blank', rel: 'noopener' }, 'Report PDF'),
      copy,
    ),
    h('p', { class: 'muted small' }, `Anyone with the link can open the report until ${formatTime(report.expires_at)}.`),
  );
}

// ----------------------------------------------------------------------------------------------- people

async function loadUsers() {
  byId('users-error').hidden = true;
  try {
    renderUsers((await api(USERS)).users);
  } catch (failure) {
    showError('users-error', `People could not be loaded: ${errorMessage(failure)}`);
  }
}

/** @param {User[]} users */
function renderUsers(users) {
  fill(
    byId('users-body'),
    users.map((user) => {
      const remove = h('button', { class: 'button small danger', type: 'button' }, 'Remove');
      remove.disabled = user.username === me?.username;
      if (remove.disabled) remove.title = 'You cannot remove yourself.';
      remove.addEventListener('click', () => void removeUser(user.username));
      return h(
        'tr',
        {},
        h('td', { class: 'mono' }, user.username),
        h('td', {}, user.name || '—'),
        h('td', {}, ROLE_LABELS[user.role.toLowerCase()] ?? user.role),
        h('td', {}, formatTime(user.createdAt)),
        h('td', {}, remove),
      );
    }),
  );
}

/** @param {SubmitEvent} event */
async function submitNewUser(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const input = {
    username: formField('new-user-username').value.trim(),
    password: formField('new-user-password').value,
    role: formField('new-user-role').value,
    ...(formField('new-user-name').value.trim() ? { name: formField('new-user-name').value.trim() } : {}),
  };
  byId('create-user-error').hidden = true;
  try {
    await api(CREATE_USER, { input });
    form.reset();
    announce(`${input.username} can now sign in.`);
    await loadUsers();
  } catch (failure) {
    showError('create-user-error', errorMessage(failure));
  }
}

/** @param {string} username */
async function removeUser(username) {
  if (!window.confirm(`Remove ${username}? They are signed out at once.`)) return;
  try {
    await api(DELETE_USER, { username });
    announce(`${username} was removed.`);
    await loadUsers();
  } catch (failure) {
    showError('users-error', errorMessage(failure));
  }
}

// ------------------------------------------------------------------------------------------- callbacks

async function loadCallbacks() {
  const error = byId('callbacks-error');
  error.hidden = true;
  try {
    renderCallbacks((await api(CALLBACKS)).callbacks);
    // Which events have a callback decides which deliveries the open session can have.
    if (detail.sessionKey) void loadDeliveries();
  } catch (failure) {
    showError('callbacks-error', errorMessage(failure));
  }
}

/** @param {Callback[]} callbacks */
function renderCallbacks(callbacks) {
  byId('callbacks-empty').hidden = callbacks.length > 0;
  fill(
    byId('callbacks-body'),
    callbacks.map((callback) => {
      const secret = h('span', { class: 'mono' }, maskSecret(callback.secret));
      const reveal = h('button', { class: 'button small', type: 'button', 'aria-pressed': 'false' }, 'Show');
      reveal.addEventListener('click', () => {
        const shown = reveal.getAttribute('aria-pressed') === 'true';
        reveal.setAttribute('aria-pressed', String(!shown));
        reveal.textContent = shown ? 'Show' : 'Hide';
        secret.textContent = shown ? maskSecret(callback.secret) : callback.secret;
      });
      const remove = h('button', { class: 'button small danger', type: 'button', 'aria-label': `Delete the ${callback.event} callback` }, 'Delete');
      remove.addEventListener('click', () => void deleteCallback(callback.event));
      const edit = h('button', { class: 'button small', type: 'button', 'aria-label': `Edit the ${callback.event} callback` }, 'Edit');
      edit.addEventListener('click', () => editCallback(callback));
      const test = h('button', { class: 'button small', type: 'button', 'aria-label': `Send a test ${callback.event}` }, 'Send test');
      test.addEventListener('click', () => void sendTest(callback.event, test));
      const rotate = h('button', { class: 'button small', type: 'button', 'aria-label': `Rotate the ${callback.event} secret` }, 'Rotate secret');
      rotate.addEventListener('click', () => void rotateSecret(callback.event));
      return h(
        'tr',
        { dataset: { event: callback.event } },
        h('td', { class: 'mono' }, callback.event),
        h('td', { class: 'mono' }, callback.url),
        h('td', {}, callback.method),
        h('td', {}, callback.active ? 'Active' : h('span', { class: 'rejected' }, 'Disabled (410 Gone)')),
        h('td', {}, h('span', { class: 'secret' }, secret, reveal)),
        h('td', {}, h('div', { class: 'toolbar' }, edit, test, rotate, remove)),
      );
    }),
  );
}

/** A sample of the event, signed and delivered like a real one (at most 10 a minute per callback). */
/**
 * @param {string} event
 * @param {HTMLButtonElement} button
 */
async function sendTest(event, button) {
  byId('callbacks-error').hidden = true;
  try {
    const delivery = (await api(TEST_CALLBACK, { event: event.replace(':', '_') })).testCallback;
    announce(`A test ${event} was queued as delivery ${delivery.id}.`);
    button.textContent = 'Test sent';
    setTimeout(() => (button.textContent = 'Send test'), 3_000);
  } catch (failure) {
    showError('callbacks-error', `The test could not be sent: ${errorMessage(failure)}`);
  }
}

/** A new signing secret; the old one keeps signing beside it for its overlap (24 h), so receivers can switch. */
/** @param {string} event */
async function rotateSecret(event) {
  if (!window.confirm(`Rotate the ${event} signing secret? The old one keeps signing beside the new one for 24 hours.`)) return;
  byId('callbacks-error').hidden = true;
  try {
    await api(ROTATE_CALLBACK_SECRET, { event: event.replace(':', '_') });
    announce(`The ${event} secret was rotated.`);
    await loadCallbacks();
  } catch (failure) {
    showError('callbacks-error', `The secret could not be rotated: ${errorMessage(failure)}`);
  }
}

/** @param {string} secret */
function maskSecret(secret) {
  return `${secret.slice(0, 10)}…`;
}

/** @param {Callback} callback */
function editCallback(callback) {
  formField('callback-event').value = callback.event.replace(':', '_');
  formField('callback-method').value = callback.method;
  formField('callback-url').value = callback.url;
  formField('callback-headers').value = Object.keys(callback.headers ?? {}).length ? JSON.stringify(callback.headers) : '';
  formField('callback-payload').value = Object.keys(callback.payload ?? {}).length ? JSON.stringify(callback.payload) : '';
  byId('callback-url').focus();
}

/**
 * @param {string} text
 * @param {string} field
 * @returns {Record<string, unknown> | undefined}
 */
function parseJsonObject(text, field) {
  if (!text.trim()) return undefined;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${field} must be a JSON object, e.g. {"name": "value"}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${field} must be a JSON object.`);
  return value;
}

/** @param {SubmitEvent} event */
async function submitCallback(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const error = byId('callback-form-error');
  const button = submitButton(form);
  error.hidden = true;
  button.disabled = true;
  try {
    /** @type {Record<string, unknown>} */
    const input = { url: formField('callback-url').value.trim(), method: formField('callback-method').value };
    const headers = parseJsonObject(formField('callback-headers').value, 'Headers');
    const payload = parseJsonObject(formField('callback-payload').value, 'Extra payload attributes');
    if (headers) input.headers = headers;
    if (payload) input.payload = payload;
    await api(SET_CALLBACK, { event: formField('callback-event').value, input });
    form.reset();
    announce('Callback saved.');
    await loadCallbacks();
  } catch (failure) {
    showError('callback-form-error', errorMessage(failure));
  } finally {
    button.disabled = false;
  }
}

/** @param {string} eventName */
async function deleteCallback(eventName) {
  if (!window.confirm(`Delete the ${eventName} callback? Its deliveries stop at once.`)) return;
  try {
    await api(DELETE_CALLBACK, { event: eventName.replace(':', '_') });
    announce(`The ${eventName} callback was deleted.`);
    await loadCallbacks();
  } catch (failure) {
    showError('callbacks-error', errorMessage(failure));
  }
}

// ---------------------------------------------------------------------------------------------- shared

/**
 * The form field with this id.
 * @param {string} id
 * @returns {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement}
 */
function formField(id) {
  return byId(id);
}

/**
 * @param {HTMLFormElement} form
 * @returns {HTMLButtonElement}
 */
function submitButton(form) {
  return /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
}

/**
 * @param {string} id
 * @param {string} message
 */
function showError(id, message) {
  const element = document.getElementById(id);
  if (!element) return;
  element.textContent = message;
  element.hidden = false;
}

/** @param {string} text */
function announce(text) {
  const announcer = byId('announcer');
  announcer.textContent = '';
  setTimeout(() => (announcer.textContent = text), 50);
}

async function boot() {
  byId('sign-in-form').addEventListener('submit', (event) => void submitSignIn(event));
  byId('sign-out').addEventListener('click', signOut);
  byId('new-session-form').addEventListener('submit', (event) => void submitNewSession(event));
  byId('callback-form').addEventListener('submit', (event) => void submitCallback(event));
  byId('refresh').addEventListener('click', () => void Promise.all([loadSessions(), managesWebhooks() ? loadCallbacks() : null]));
  byId('status-filter').addEventListener('change', () => void loadSessions());
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let searchTimer;
  byId('session-search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void loadSessions(), 300);
  });
  byId('load-more').addEventListener('click', () => void loadSessions({ more: true }));

  byId('create-user-form').addEventListener('submit', (event) => void submitNewUser(event));

  const [current] = await Promise.all([authRequest('/auth/me').catch(() => ({ user: null })), loadViewNames()]);
  if (current.user) {
    me = current.user;
    await openWorkspace();
    return;
  }
  byId('sign-in').hidden = false;
  byId('username').focus();
}

void boot();
