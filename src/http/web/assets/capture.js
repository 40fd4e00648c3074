// The web capture app at /capture/<session_key>#<capture_token>. The token lives only in the URL fragment (never
// sent in a URL): it goes in the Capture-Token header over HTTP and in connectionParams over WebSocket. All state
// comes from the server — the session query, then its sessionEvents replayed from the start and followed live — so
// a reload resumes exactly where the person was. Every word comes from the session language's catalog.
import { graphqlRequest, graphqlUpload, GraphQLRequestError, LiveConnection, NetworkError, readGraphQLBody } from './graphql-client.js';
import './app.css';
import { byId, errorMessage, fill, h, laterStatus, openDocument, statusOfEvent, vehicleFacts, vehicleTitle } from './ui.js';
/** @import { LiveState, Operation } from './types/graphql' */
/** @import { Brand, CapturedOdometer, Location, Note, NoteInsertPayload, OdometerUnit, SessionEvent, SessionStatus, StageChangePayload, Vehicle } from './types/session' */
/** @import { CaptureConfig, CapturePhoto, CaptureSession, Catalog, PhotoPhase, PhotoSlot, Problem, Screen, Verdict } from './types/capture' */
/** @typedef {{ inspectionSession: CaptureSession }} SessionData */

/** Rules shared with the server, which writes them into capture.html. */
/** @type {CaptureConfig} */
const CONFIG = JSON.parse(byId('capture-config').textContent ?? '');
const MAX_PHOTO_BYTES = CONFIG.maxPhotoBytes;
const SESSION_KEY_PATTERN = new RegExp(CONFIG.sessionKeyPattern);
const VIN_PHOTO_CODE = 1;
/** The instrument cluster, whose odometer the server reads (docs/capture.md#odometer-reading). */
const CLUSTER_PHOTO_CODE = 3;
/** Views that frame the whole vehicle: the camera asks to fit it in the outline; on the others it says what to frame. */
const WHOLE_VEHICLE_VIEWS = new Set([4, 5, 7, 8, 10, 11, 12, 13]);
/** @type {(SessionStatus | null)[]} Statuses in which photos are taken, retakes included (docs/capture.md). */
const PHOTO_STATUSES = ['STARTED', 'PROCESS', 'QC_PASSED'];

const PHOTO_FIELDS = 'photoCode approved rejectionCode decodedVin vehicleCheck odometerSuggested url createdAt';
/** The session query lives in capture.html, whose early start sends it before this module arrives. */
/** @type {Operation<SessionData>} */
const LOAD_SESSION = byId('session-query').textContent ?? '';
/** @type {Operation<{ startCapture: { status: SessionStatus } }>} */
const START_CAPTURE = 'mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { status } }';
/** @type {Operation<{ capturePhoto: CapturePhoto }>} */
const CAPTURE_PHOTO = `mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {
  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { ${PHOTO_FIELDS} }
}`;
/** @type {Operation<{ setLocation: { location: Pick<Location, 'latitude' | 'longitude' | 'accuracy'> | null } }>} */
const SET_LOCATION = `mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }
}`;
/** @type {Operation<{ setVin: { vinCaptured: string | null } }>} */
const SET_VIN = `mutation SetVin($sessionKey: String!, $vin: String!) { setVin(sessionKey: $sessionKey, vin: $vin) { vinCaptured } }`;
/** @type {Operation<{ setOdometer: { odometerCaptured: CapturedOdometer | null } }>} */
const SET_ODOMETER = `mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {
  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }
}`;
/** @type {Operation<{ addNote: Note }>} */
const ADD_NOTE = `mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {
  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }
}`;
/** @type {Operation<{ confirmInspection: { status: SessionStatus } }>} */
const CONFIRM = `mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }`;
/** @type {Operation<{ sessionEvents: SessionEvent }>} */
const SESSION_EVENTS = `subscription CaptureEvents($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }
}`;

const sessionKey = safeDecode(location.pathname.split('/').filter(Boolean)[1] ?? '');
const captureToken = location.hash.slice(1);
const credentials = { 'Capture-Token': captureToken };

const state = {
  /** @type {SessionStatus | null} null until the session is loaded. */
  status: null,
  /** @type {string | null} */
  language: null,
  /** @type {Vehicle | null} */
  vehicle: null,
  /** @type {Brand} */
  brand: { name: null, color: null, logoUrl: null },
  /** @type {string | null} The http(s) redirect_url of the session, or null. */
  redirectUrl: null,
  /** @type {string | null} */
  vinCaptured: null,
  /** Whether the person opened the VIN form to correct a read or typed VIN. */
  editingVin: false,
  /** @type {CapturedOdometer | null} The odometer reading confirmed or typed, as the server stored it. */
  odometer: null,
  /** Where the person is in the odometer step when no reading is stored: asked, typing (or correcting), or skipped. */
  /** @type {'asked' | 'typing' | 'skipped'} */
  odometerStep: 'asked',
  /** @type {OdometerUnit | null} The unit the person chose; null until they choose one. */
  odometerUnit: null,
  savingOdometer: false,
  /** @type {CaptureSession['requiredPhotos']} */
  required: [],
  /** @type {Map<number, PhotoSlot>} photo code → slot (see photoSlot). */
  photos: new Map(),
  /** @type {Map<string, Note>} note key → note, in arrival order. */
  notes: new Map(),
  /** @type {CaptureSession['location']} */
  location: null,
  /** Cursor of the last event seen: resubscriptions resume after it. "0" replays everything. */
  lastEventId: '0',
  /** @type {Problem | null} */
  problem: null,
  /** True when this page sent the confirmation (the done screen thanks rather than reports). */
  confirmedHere: false,
  confirming: false,
  /** @type {Screen | null} */
  screen: null,
  /** @type {LiveConnection | null} */
  live: null,
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  pollTimer: undefined,
};

/** @type {Record<Screen, HTMLElement>} */
const screens = {
  loading: byId('screen-loading'),
  problem: byId('screen-problem'),
  welcome: byId('screen-welcome'),
  capture: byId('screen-capture'),
  done: byId('screen-done'),
};

// ------------------------------------------------------------------------------------------------ words

// Every text comes from the message catalog of the session's language (docs/capture.md), served at
// /capture/i18n/<lang>.json. Static text in capture.html names its key in data-i18n (text) or data-i18n-label
// (aria-label); the English written there shows until the catalog arrives. (Part of this module rather than one of
// its own: on a weak signal one more file to fetch before Start costs a round trip.)
const LANGUAGES = CONFIG.languages;
const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** @type {Catalog} */
let catalog = {};
let language = 'en';

/** The phone's language when the page speaks it, else English, as capture.html's early start chose it: for screens shown before a session is known. */
function browserLanguage() {
  return window.captureEarly?.language ?? 'en';
}

/**
 * Loads the catalog of `wanted` (English for anything else) and translates the page; resolves false when it failed.
 * @param {string} wanted
 */
async function useLanguage(wanted) {
  const next = LANGUAGES.includes(wanted) ? wanted : 'en';
  if (next === language && Object.keys(catalog).length > 0) return true;
  try {
    const early = window.captureEarly?.language === next ? await window.captureEarly.catalog : null;
    if (early) {
      catalog = early;
    } else {
      const response = await fetch(`/capture/i18n/${next}.json`);
      if (!response.ok) return false;
      catalog = await response.json();
    }
    language = next;
  } catch {
    return false;
  }
  document.documentElement.lang = language;
  translatePage();
  return true;
}

/**
 * The message `key` with its {placeholders} filled; the key itself when the catalog lacks it.
 * @param {string} key
 * @param {Record<string, string | number | null | undefined>} [values]
 */
function t(key, values = {}) {
  const message = catalog[key];
  if (typeof message !== 'string') return key;
  return message.replace(PLACEHOLDER, (whole, name) => (values[name] === undefined || values[name] === null ? whole : String(values[name])));
}

/**
 * Whether the loaded catalog has `key` (a view without a name of its own falls back to the server's label).
 * @param {string} key
 */
function has(key) {
  return typeof catalog[key] === 'string';
}

function translatePage(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(/** @type {HTMLElement} */ (element).dataset.i18n ?? '');
  for (const element of root.querySelectorAll('[data-i18n-label]'))
    element.setAttribute('aria-label', t(/** @type {HTMLElement} */ (element).dataset.i18nLabel ?? ''));
  document.title = t('page.title');
}

// ---------------------------------------------------------------------------------------------- loading

async function boot() {
  state.problem = null;
  if (!SESSION_KEY_PATTERN.test(sessionKey)) return showProblem('unknown');
  if (!captureToken) return showProblem('incomplete');
  showScreen('loading');
  let session;
  try {
    session = (await loadSession()).inspectionSession;
  } catch (error) {
    return showLoadError(error);
  }
  if (!(await useLanguage(session.language ?? 'en'))) return showProblem('offline');
  adoptSession(session);
  if (state.status !== 'COMPLETE' && state.status !== 'EXPIRED') openLiveUpdates();
  render();
}

/**
 * The session, from the query capture.html started with the page when it has an answer, else asked now.
 * @returns {Promise<SessionData>}
 */
async function loadSession() {
  const early = await window.captureEarly?.session;
  if (window.captureEarly) window.captureEarly.session = null;
  return early ? /** @type {SessionData} */ (readGraphQLBody(early.status, early.text)) : graphqlRequest(LOAD_SESSION, { sessionKey }, credentials);
}

async function refreshSession() {
  try {
    adoptSession((await graphqlRequest(LOAD_SESSION, { sessionKey }, credentials)).inspectionSession);
    render();
  } catch (error) {
    if (isExpired(error)) expire();
  }
}

/** @param {unknown} error */
async function showLoadError(error) {
  // No session, so no session language: the browser's, where the page speaks it.
  await useLanguage(browserLanguage());
  if (error instanceof GraphQLRequestError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')) return showProblem('unknown');
  if (error instanceof NetworkError) return showProblem('offline');
  return showProblem('error');
}

/** @type {Record<Problem, [string, string]>} */
const PROBLEMS = {
  unknown: ['problem.notFound.title', 'problem.notFound.text'],
  incomplete: ['problem.incomplete.title', 'problem.incomplete.text'],
  expired: ['problem.expired.title', 'problem.expired.text'],
  offline: ['problem.offline.title', 'problem.offline.text'],
  error: ['problem.title', 'problem.generic'],
};

/** @param {Problem} kind */
async function showProblem(kind) {
  if (kind === 'unknown' || kind === 'incomplete') await useLanguage(browserLanguage());
  state.problem = kind;
  const [title, text] = PROBLEMS[kind] ?? PROBLEMS.error;
  byId('problem-title').textContent = t(title);
  byId('problem-text').textContent = t(text);
  byId('problem-retry').hidden = !(kind === 'offline' || kind === 'error');
  screens.problem.dataset.problem = kind;
  showScreen('problem');
}

/**
 * Takes in a session from a query or mutation answer; never moves the status backwards.
 * @param {CaptureSession} session
 */
function adoptSession(session) {
  state.status = laterStatus(state.status, session.status);
  state.language = session.language ?? state.language;
  state.vehicle = session.vehicle;
  // Where the integrator wants the person to go once done (docs/capture.md): only an http(s) address becomes a link.
  if (session.redirectUrl !== undefined) state.redirectUrl = /^https?:\/\//i.test(session.redirectUrl ?? '') ? session.redirectUrl : null;
  if (session.vinCaptured !== undefined) state.vinCaptured = session.vinCaptured;
  if (session.odometerCaptured !== undefined) state.odometer = session.odometerCaptured;
  if (session.brand) applyBrand(session.brand);
  state.required = session.requiredPhotos;
  for (const photo of session.photos) applyVerdict(photo.photoCode, verdictOf(photo));
  for (const note of session.notes) rememberNote(note);
  if (session.location) state.location = session.location;
}

/**
 * The account's display name in the top bar and its colour on the bar and the main buttons.
 * @param {Brand} brand
 */
function applyBrand(brand) {
  state.brand = brand;
  byId('brand-name').textContent = brand.name ?? t('page.title');
  if (brand.name) byId('brand-name').removeAttribute('data-i18n');
  const color = brand.color ?? '';
  if (/^#[0-9a-f]{6}$/i.test(color)) {
    document.documentElement.style.setProperty('--brand', color);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }
  // The logo beside the name (decoration: the name says whose it is); only an address of this service is loaded.
  const logo = /** @type {HTMLImageElement} */ (byId('brand-logo'));
  if (brand.logoUrl && /^https?:\/\//i.test(brand.logoUrl)) {
    if (logo.getAttribute('src') !== brand.logoUrl) logo.src = brand.logoUrl;
    logo.hidden = false;
  } else {
    logo.hidden = true;
    logo.removeAttribute('src');
  }
  const privacy = brand.name ? t('page.privacy', { name: brand.name }) : t('page.privacyUnnamed');
  for (const line of document.querySelectorAll('[data-role="privacy"]')) line.textContent = privacy;
}

// ------------------------------------------------------------------------------------------ live events

function openLiveUpdates() {
  if (state.live) return;
  state.live = new LiveConnection({
    connectionParams: async () => ({ 'Capture-Token': captureToken }),
    onState: renderLiveState,
  });
  state.live.subscribe(SESSION_EVENTS, () => ({ sessionKey, after: state.lastEventId }), {
    next: (data) => {
      if (data?.sessionEvents) handleEvent(data.sessionEvents);
    },
    error: () => renderLiveState('refused'),
  });
}

function stopLiveUpdates() {
  state.live?.close();
  byId('live-status').hidden = true;
}

/** @param {SessionEvent} item */
function handleEvent(item) {
  if (Number(item.id) > Number(state.lastEventId)) state.lastEventId = item.id;
  const payload = item.payload ?? {};
  if (item.event === 'SESSION:STAGE_CHANGE') {
    const stage = /** @type {StageChangePayload} */ (payload);
    const code = Number(stage.photo_code);
    const accepted = stage.photo_status === 'accepted';
    // The event carries the English message only: the rejection code and the VIN read come with the photos list —
    // or with the answer to this page's own upload, when it sent the photo (no need to ask again then).
    const slot = photoSlot(code);
    /** @type {Verdict} */
    const verdict = { approved: accepted, rejectionCode: null, url: stage.photo_url || null, at: Date.parse(stage.timestamp), fromEvent: true };
    if (slot.inFlight) {
      // The event often overtakes the answer to this page's own upload: showing it would flash a reason-less
      // verdict. Keep it for the case the answer never comes.
      slot.heardVerdict = verdict;
    } else {
      applyVerdict(code, verdict);
      // The reading of a VIN or an odometer comes with the photos list, not with the event.
      if (!accepted || code === VIN_PHOTO_CODE || code === CLUSTER_PHOTO_CODE) void refreshSession();
    }
  } else if (item.event === 'SESSION:NOTE_INSERT') {
    const note = /** @type {NoteInsertPayload} */ (payload);
    rememberNote({ title: note.title, description: note.description, user: note.user, createdAt: note.timestamp });
  }
  const status = statusOfEvent(item);
  if (status) state.status = laterStatus(state.status, status);
  render();
}

/**
 * Says something only when it matters to the person: never a "Live" light that reads like a camera streaming.
 * @param {LiveState | 'offline'} liveState
 */
function renderLiveState(liveState) {
  const element = byId('live-status');
  const offline = !navigator.onLine;
  /** @type {Partial<Record<LiveState | 'offline', string>>} */
  const texts = { connecting: t('live.connecting'), retrying: t('live.reconnecting') };
  const text = offline ? t('live.offline') : (texts[liveState] ?? '');
  element.hidden = !text || state.status === 'COMPLETE' || state.status === 'EXPIRED';
  element.dataset.state = offline ? 'offline' : liveState;
  element.textContent = text;
}

// ----------------------------------------------------------------------------------------------- photos

/**
 * @param {number} code
 * @returns {PhotoSlot}
 */
function photoSlot(code) {
  let slot = state.photos.get(code);
  if (!slot) {
    // phase: empty | preparing | uploading | checking | accepted | rejected | failed
    slot = {
      phase: 'empty',
      progress: 0,
      rejectionCode: null,
      decodedVin: null,
      vehicleCheck: null,
      vehicleKept: false,
      odometerSuggested: null,
      url: null,
      preview: null,
      at: null,
      /** The accepted capture, kept when a later retake is rejected once every view is accepted (docs/capture.md). */
      accepted: null,
      /** A photo that could not be sent: kept to send again. */
      pending: null,
      failure: '',
      inFlight: false,
      /** A live event's verdict on the upload in flight, applied only if the upload's own answer is lost. */
      heardVerdict: null,
    };
    state.photos.set(code, slot);
  }
  return slot;
}

/**
 * @param {CapturePhoto} photo
 * @returns {Verdict}
 */
function verdictOf(photo) {
  const { approved, rejectionCode, decodedVin, vehicleCheck, odometerSuggested, url } = photo;
  return { approved, rejectionCode, decodedVin, vehicleCheck, odometerSuggested, url, at: Date.parse(photo.createdAt) };
}

/**
 * A QC verdict, from the answer to an upload, a replayed or a live event: older news than the slot's is ignored.
 * @param {number} code
 * @param {Verdict} verdict
 */
function applyVerdict(code, verdict) {
  const slot = photoSlot(code);
  const sameCapture = slot.at !== null && verdict.at === slot.at;
  if (slot.at !== null && Number.isFinite(verdict.at) && verdict.at < slot.at) return;
  // A live event repeats what the upload answer already said, with less: keep the answer's details.
  if (sameCapture && verdict.fromEvent) return;
  // While a new photo is on its way, the verdict of the previous one is not news.
  if (slot.inFlight && slot.at !== null && verdict.at <= slot.at) return;
  const awaited = slot.phase === 'uploading' || slot.phase === 'checking';
  if (Number.isFinite(verdict.at)) slot.at = verdict.at;
  slot.phase = verdict.approved ? 'accepted' : 'rejected';
  slot.rejectionCode = verdict.rejectionCode ?? null;
  slot.url = verdict.url || null;
  if (verdict.approved) {
    slot.decodedVin = verdict.decodedVin ?? null;
    // A live event carries no flag: the answer or the photos list does (docs/capture.md#vehicle-check).
    if (!verdict.fromEvent) slot.vehicleCheck = vehicleFlag(verdict.vehicleCheck);
    if (!sameCapture) slot.vehicleKept = false;
    // A live event carries no reading either: the photos list, asked for on that event, brings it.
    slot.odometerSuggested = verdict.odometerSuggested ?? null;
    slot.accepted = { url: slot.url, preview: slot.preview, decodedVin: slot.decodedVin };
  }
  if (verdict.approved && code === VIN_PHOTO_CODE && verdict.decodedVin) state.vinCaptured = verdict.decodedVin;
  // A new cluster photo asks about its reading again, even when the last one was skipped.
  if (awaited && verdict.approved && code === CLUSTER_PHOTO_CODE) state.odometerStep = 'asked';
  // A photo the vehicle check flagged waits for the person's choice: retake, or keep it.
  if (awaited && verdict.approved && !slot.vehicleCheck) queueMicrotask(() => requestAnimationFrame(() => advanceFrom(code)));
  if (awaited) {
    const view = viewName(code);
    announce(
      verdict.approved
        ? t('announce.accepted', { view, accepted: acceptedCount(), total: state.required.length })
        : t('announce.rejected', { view, reason: rejectionText(slot.rejectionCode) }),
    );
  }
}

/**
 * After a view's photo is accepted the list moves on: the next view still to do comes into view and its Take button
 * takes the focus — unless the person is busy elsewhere (typing a note) or must still check the VIN just read; the
 * odometer step of the cluster photo takes it first. Returns whether the focus moved.
 * @param {number} code
 */
function advanceFrom(code) {
  if (code === VIN_PHOTO_CODE && !state.vinCaptured) return false;
  const item = document.getElementById(`photo-${code}`);
  const active = document.activeElement;
  if (active && active !== document.body && !item?.contains(active)) return false;
  // The odometer step waits for an answer (or a skip) first: its first control takes the focus.
  if (code === CLUSTER_PHOTO_CODE && odometerAsked()) return focusOdometerStep();
  const next = state.required.find((photo) => shownPhase(photoSlot(photo.photoCode)) === 'empty');
  const nextItem = next ? document.getElementById(`photo-${next.photoCode}`) : null;
  if (!nextItem) return false;
  nextItem.scrollIntoView({ block: 'start', behavior: 'smooth' });
  /** @type {HTMLElement | null} */ (nextItem.querySelector('[data-role="take"]'))?.focus({ preventScroll: true });
  return true;
}

/**
 * What the person sees of a view. Once every view is accepted (QC_PASSED and after), a rejected retake did not
 * replace the accepted photo: the view shows accepted, with a word on the retake.
 * @param {PhotoSlot} slot
 * @returns {PhotoPhase}
 */
function shownPhase(slot) {
  const keptAccepted = slot.phase === 'rejected' && slot.accepted && state.status !== 'STARTED' && state.status !== 'PROCESS';
  return keptAccepted ? 'accepted' : slot.phase;
}

/**
 * @param {number} code
 * @param {File} file
 */
async function takePhoto(code, file) {
  const slot = photoSlot(code);
  if (slot.inFlight) return;
  slot.inFlight = true;
  slot.phase = 'preparing';
  slot.failure = '';
  render();
  let prepared;
  try {
    // Loaded with the first photo: the page needs it only then (every request before Start costs on a weak signal).
    const { preparePhoto } = await import('./capture-photo.js');
    prepared = await preparePhoto(file);
  } catch {
    prepared = file;
  }
  if (prepared.size > MAX_PHOTO_BYTES) {
    slot.inFlight = false;
    slot.phase = 'failed';
    slot.pending = null;
    slot.failure = t('rejection.line', { title: t('rejection.TOO_LARGE.title'), action: t('rejection.TOO_LARGE.action') });
    render();
    return;
  }
  if (slot.preview && slot.preview !== slot.accepted?.preview) URL.revokeObjectURL(slot.preview);
  slot.preview = URL.createObjectURL(prepared);
  slot.pending = prepared;
  slot.inFlight = false;
  send(code);
}

/**
 * Sends a view's kept photo; a photo that cannot be sent stays kept for "Send again" and the return of the network.
 * @param {number} code
 */
function send(code) {
  const slot = photoSlot(code);
  if (slot.inFlight || !slot.pending) return;
  slot.phase = 'uploading';
  slot.progress = 0;
  slot.failure = '';
  slot.inFlight = true;
  slot.heardVerdict = null;
  render();
  const upload = graphqlUpload({
    query: CAPTURE_PHOTO,
    variables: { sessionKey, photoCode: code },
    fileVariable: 'file',
    file: slot.pending,
    headers: credentials,
    onProgress: (fraction) => {
      slot.progress = fraction;
      renderPhotoProgress(code);
    },
    onSent: () => {
      if (slot.phase !== 'uploading') return;
      slot.phase = 'checking';
      renderPhoto(code);
    },
  });
  upload.done.then(
    (data) => {
      slot.inFlight = false;
      slot.pending = null;
      slot.heardVerdict = null;
      applyVerdict(code, verdictOf(data.capturePhoto));
      render();
    },
    (error) => {
      slot.inFlight = false;
      if (isExpired(error)) return expire();
      const heard = slot.heardVerdict;
      slot.heardVerdict = null;
      if (heard) {
        // The server checked the photo before the answer was lost: show its verdict, not "Send again".
        slot.pending = null;
        applyVerdict(code, heard);
        void refreshSession();
        render();
        return;
      }
      const network = error instanceof NetworkError || !navigator.onLine;
      // Only a photo the network lost is worth sending again; a refusal would be refused again.
      if (!network) slot.pending = null;
      slot.phase = 'failed';
      slot.failure = network ? t(navigator.onLine ? 'photo.notSentText' : 'photo.waitingNetwork') : error.message;
      announce(t('announce.notSent', { view: viewName(code) }));
      // Another device may have moved the session on (confirmed, completed): catch up.
      if (error instanceof GraphQLRequestError && error.reason === 'INVALID_STATUS') void refreshSession();
      render();
    },
  );
}

function sendKeptPhotos() {
  for (const [code, slot] of state.photos) if (slot.phase === 'failed' && slot.pending) send(code);
}

function acceptedCount() {
  return state.required.filter((photo) => shownPhase(photoSlot(photo.photoCode)) === 'accepted').length;
}

function uploadsInFlight() {
  return [...state.photos.values()].some((slot) => slot.inFlight);
}

/**
 * The view's name in the page language ("Driver side"), never a number.
 * @param {number} code
 */
function viewName(code) {
  if (has(`view.${code}.name`)) return t(`view.${code}.name`);
  const photo = state.required.find((candidate) => candidate.photoCode === code);
  return String(photo?.photoLabel ?? code).replace(/_/g, ' ');
}

/** @param {number} code */
function viewHint(code) {
  if (has(`view.${code}.hint`)) return t(`view.${code}.hint`);
  return state.required.find((candidate) => candidate.photoCode === code)?.hint ?? '';
}

/**
 * "Too dark — turn on more light or take it where the vehicle is well lit": what went wrong and what to do.
 * @param {string | null} code
 */
function rejectionText(code) {
  if (!code || !has(`rejection.${code}.title`)) return t('photo.rejectedGeneric');
  return t('rejection.line', { title: t(`rejection.${code}.title`), action: t(`rejection.${code}.action`) });
}

/** @param {string | null} url */
function thumbnailUrl(url) {
  return url ? `${url}?size=thumb` : null;
}

// ------------------------------------------------------------------------------------------------ notes

/** @param {Note} note */
function noteKey(note) {
  return `${Date.parse(note.createdAt)}|${note.title}|${note.description}`;
}

/** @param {Note} note */
function rememberNote(note) {
  const key = noteKey(note);
  if (!state.notes.has(key)) state.notes.set(key, note);
}

// ---------------------------------------------------------------------------------------------- screens

function render() {
  if (state.problem) return;
  if (state.status === null) return showScreen('loading');
  // Nothing more can happen to a final session: stop listening.
  if (state.status === 'COMPLETE' || state.status === 'EXPIRED') stopLiveUpdates();
  if (state.status === 'EXPIRED') return void showProblem('expired');
  if (state.status === 'IDLE') {
    renderWelcome();
    return showScreen('welcome');
  }
  if (state.status === 'CONFIRM' || state.status === 'COMPLETE') {
    renderDone();
    return showScreen('done');
  }
  renderCapture();
  showScreen('capture');
}

/** @param {Screen} name */
function showScreen(name) {
  const changed = state.screen !== name;
  const previous = state.screen;
  state.screen = name;
  for (const [key, element] of Object.entries(screens)) element.hidden = key !== name;
  document.body.dataset.screen = name;
  if (name === 'welcome' || name === 'capture' || name === 'done') markInteractive();
  if (changed && previous && previous !== 'loading') {
    // Moving to another step: start at its top, and let screen readers announce its heading.
    window.scrollTo(0, 0);
    screens[name].querySelector('h1')?.setAttribute('tabindex', '-1');
    screens[name].querySelector('h1')?.focus();
  }
}

let interactiveMarked = false;
function markInteractive() {
  if (interactiveMarked) return;
  interactiveMarked = true;
  // Read by the browser tests (navigation start → first usable screen).
  performance.mark('capture-interactive');
}

/** @param {HTMLElement} container */
function renderVehicle(container) {
  const title = vehicleTitle(state.vehicle);
  const facts = vehicleFacts(state.vehicle, { vin: t('vehicle.vin'), body: t('vehicle.body'), colour: t('vehicle.colour') });
  container.hidden = !title && facts.length === 0;
  fill(
    container,
    title ? h('p', { class: 'vehicle-title' }, title) : null,
    facts.length
      ? h(
          'dl',
          { class: 'facts' },
          facts.map(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]),
        )
      : null,
  );
}

function renderWelcome() {
  renderVehicle(byId('welcome-vehicle'));
  const count = state.required.length;
  byId('welcome-summary').textContent = t('welcome.summary', { count, minutes: Math.max(3, Math.round(count * 0.7)) });
  /** @type {HTMLButtonElement} */
  const start = byId('start');
  if (start.dataset.busy !== 'true') start.disabled = false;
}

async function startCapture() {
  /** @type {HTMLButtonElement} */
  const start = byId('start');
  const error = byId('welcome-error');
  start.disabled = true;
  start.dataset.busy = 'true';
  start.textContent = t('welcome.starting');
  error.hidden = true;
  try {
    state.status = laterStatus(state.status, (await graphqlRequest(START_CAPTURE, { sessionKey }, credentials)).startCapture.status);
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = errorMessage(failure);
    error.hidden = false;
  } finally {
    start.dataset.busy = 'false';
    start.textContent = t('welcome.start');
  }
  render();
}

function renderCapture() {
  const list = byId('photo-list');
  if (list.childElementCount !== state.required.length) {
    fill(
      list,
      state.required.map((photo) => photoItem(photo.photoCode)),
    );
  }
  for (const photo of state.required) renderPhoto(photo.photoCode);
  const accepted = acceptedCount();
  const total = state.required.length;
  byId('progress-text').textContent = t('progress.count', { accepted, total });
  /** @type {HTMLProgressElement} */
  const progress = byId('progress');
  progress.max = Math.max(total, 1);
  progress.value = accepted;
  const next = state.required.find((photo) => shownPhase(photoSlot(photo.photoCode)) !== 'accepted');
  byId('progress-next').textContent = next ? t('progress.next', { view: viewName(next.photoCode) }) : '';
  renderLocation();
  renderNotes();
  renderConfirm(total - accepted);
}

/**
 * One view: built once, then updated in place so focus, file inputs and typed text survive every update.
 * @param {number} code
 */
function photoItem(code) {
  const name = viewName(code);
  const cameraInput = fileInput(code, `photo-input-${code}`, true);
  const galleryInput = fileInput(code, `photo-file-${code}`, false);
  const thumb = h('img', { class: 'thumb', alt: t('photo.preview', { view: name }), decoding: 'async', hidden: true });
  thumb.addEventListener('error', () => (thumb.hidden = true));
  const guide = h('img', { class: 'guide', loading: 'lazy', decoding: 'async', alt: '', src: outlineUrl(code) });
  const take = h('button', { type: 'button', class: 'button primary capture-button', 'data-role': 'take' }, '');
  take.addEventListener('click', () => void openCamera(code));
  const sendAgain = h('button', { type: 'button', class: 'button primary', 'data-role': 'send-again', hidden: true }, t('photo.sendAgain'));
  sendAgain.addEventListener('click', () => send(code));
  return h(
    'li',
    { class: 'photo', id: `photo-${code}`, dataset: { code: String(code), state: 'empty' } },
    h('div', { class: 'photo-head' }, h('h2', { class: 'photo-title', id: `photo-${code}-title` }, name), h('span', { class: 'badge', 'data-role': 'badge' })),
    h(
      'div',
      { class: 'photo-body' },
      h('div', { class: 'photo-figure' }, guide, thumb),
      h(
        'div',
        { class: 'photo-status' },
        h('p', { class: 'hint', id: `photo-${code}-hint` }, viewHint(code)),
        h('div', { class: 'upload', 'data-role': 'upload', hidden: true }, h('progress', { max: '1', value: '0', 'aria-label': name })),
        h('p', { class: 'verdict', id: `photo-${code}-verdict`, 'data-role': 'verdict', 'aria-live': 'off' }),
        h('p', { class: 'retake-note', 'data-role': 'retake-note', hidden: true }),
        cameraInput,
        galleryInput,
        h(
          'div',
          { class: 'photo-actions', 'data-role': 'actions' },
          take,
          sendAgain,
          h('label', { for: galleryInput.id, class: 'link-button', 'data-role': 'choose' }, t('photo.choose')),
        ),
        code === VIN_PHOTO_CODE ? vinPanel() : null,
        code === CLUSTER_PHOTO_CODE ? odometerPanel() : null,
        WHOLE_VEHICLE_VIEWS.has(code) ? vehicleAdvice(code) : null,
      ),
    ),
  );
}

// ------------------------------------------------------------------------------------------ vehicle check

/**
 * A flag worth asking about: the vehicle check's value other than OK (docs/capture.md#vehicle-check), else null.
 * @param {string | null | undefined} check
 */
function vehicleFlag(check) {
  return check && check !== 'OK' ? check : null;
}

/**
 * Under an accepted exterior photo the vehicle check flagged: the question, retake or keep.
 * @param {number} code
 */
function vehicleAdvice(code) {
  const retake = h('button', { type: 'button', class: 'button primary' }, t('vehicle.retake'));
  retake.addEventListener('click', () => void openCamera(code));
  const keep = h('button', { type: 'button', class: 'button' }, t('vehicle.keep'));
  keep.addEventListener('click', () => {
    photoSlot(code).vehicleKept = true;
    announce(t('vehicle.kept'));
    renderPhoto(code);
    advanceFrom(code);
  });
  return h(
    'div',
    { class: 'vehicle-advice', 'data-role': 'vehicle-advice', role: 'group', 'aria-labelledby': `photo-${code}-vehicle`, hidden: true },
    h('p', { id: `photo-${code}-vehicle` }, t('vehicle.question')),
    h('div', { class: 'photo-actions' }, retake, keep),
  );
}

/**
 * @param {number} code
 * @param {string} id
 * @param {boolean} useCamera
 */
function fileInput(code, id, useCamera) {
  const input = h('input', {
    type: 'file',
    accept: 'image/*',
    id,
    class: 'file-input visually-hidden',
    tabindex: '-1',
    'aria-describedby': `photo-${code}-hint photo-${code}-verdict`,
    // Hidden behind the view's buttons, yet a control with a name: assistive technology may still reach it.
    'aria-label': `${t(useCamera ? 'photo.take' : 'photo.choose')}: ${viewName(code)}`,
    ...(useCamera ? { capture: 'environment' } : {}),
  });
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file) void takePhoto(code, file);
  });
  return input;
}

/** @param {number} code */
function outlineUrl(code) {
  return `/web/views/${code}.svg`;
}

/**
 * The in-page camera with the view's outline; the phone's camera app where the browser offers no camera.
 * @param {number} code
 */
async function openCamera(code) {
  /** @type {HTMLInputElement} */
  const input = byId(`photo-input-${code}`);
  const camera = await import('./capture-camera.js');
  if (!camera.cameraSupported()) return input.click();
  try {
    const photo = await camera.takePhotoWithCamera({
      title: viewName(code),
      frame: WHOLE_VEHICLE_VIEWS.has(code) ? t('camera.frame') : viewHint(code),
      outlineUrl: outlineUrl(code),
      fileInput: input,
    });
    if (photo) await takePhoto(code, photo);
  } catch {
    // No camera could be opened (none, or in use): the camera app through the file input.
    input.click();
  }
}

/** @type {Record<PhotoPhase, string>} */
const BADGES = {
  empty: 'photo.todo',
  preparing: 'photo.preparing',
  uploading: 'photo.sending',
  checking: 'photo.checking',
  accepted: 'photo.accepted',
  rejected: 'photo.rejected',
  failed: 'photo.notSent',
};

/** @param {number} code */
function renderPhoto(code) {
  const item = document.getElementById(`photo-${code}`);
  if (!item) return;
  const slot = photoSlot(code);
  const phase = shownPhase(slot);
  const keptAfterRetake = phase === 'accepted' && slot.phase === 'rejected';
  /** @param {string} role */
  const part = (role) => partOf(item, `[data-role="${role}"]`);
  item.dataset.state = phase;
  part('badge').textContent = t(BADGES[phase]);
  /** @type {HTMLImageElement} */
  const thumb = partOf(item, '.thumb');
  const shown = keptAfterRetake && slot.accepted ? slot.accepted : slot;
  const source = phase === 'empty' ? null : phase === 'failed' || phase === 'preparing' ? slot.preview : (shown.preview ?? thumbnailUrl(shown.url));
  if (source && thumb.getAttribute('src') !== source) thumb.src = source;
  thumb.hidden = !source;
  partOf(item, '.guide').hidden = Boolean(source);
  /** @type {Record<PhotoPhase, string>} */
  const verdicts = {
    empty: '',
    preparing: t('photo.preparing'),
    uploading: t('photo.uploading', { percent: Math.round(slot.progress * 100) }),
    checking: t('photo.checking'),
    accepted: t('photo.accepted'),
    rejected: rejectionText(slot.rejectionCode),
    failed: slot.failure,
  };
  part('verdict').textContent = verdicts[phase];
  const retakeNote = part('retake-note');
  retakeNote.hidden = !keptAfterRetake;
  retakeNote.textContent = keptAfterRetake ? t('photo.keptAfterRetake', { reason: rejectionText(slot.rejectionCode) }) : '';
  part('upload').hidden = phase !== 'uploading' && phase !== 'checking';
  /** @type {HTMLProgressElement} */
  const progress = partOf(item, 'progress');
  if (phase === 'checking') progress.removeAttribute('value');
  else progress.value = slot.progress;
  // Any view can be (re)taken until the inspection is confirmed, whenever nothing is on its way for it.
  const canCapture = PHOTO_STATUSES.includes(state.status) && !slot.inFlight;
  part('actions').hidden = !canCapture;
  const fileInputs = /** @type {NodeListOf<HTMLInputElement>} */ (item.querySelectorAll('input[type=file]'));
  for (const input of fileInputs) input.disabled = !canCapture;
  part('take').textContent = t(phase === 'empty' ? 'photo.take' : 'photo.retake');
  const canSendAgain = phase === 'failed' && Boolean(slot.pending);
  part('take').classList.toggle('primary', phase !== 'accepted' && !canSendAgain);
  part('send-again').hidden = !canSendAgain;
  if (code === VIN_PHOTO_CODE) renderVin(item, phase);
  if (code === CLUSTER_PHOTO_CODE) renderOdometer(item, phase);
  const advice = item.querySelector('[data-role="vehicle-advice"]');
  if (advice instanceof HTMLElement) advice.hidden = !(canCapture && phase === 'accepted' && !keptAfterRetake && slot.vehicleCheck && !slot.vehicleKept);
}

/** @param {number} code */
function renderPhotoProgress(code) {
  const item = document.getElementById(`photo-${code}`);
  const slot = photoSlot(code);
  if (!item || slot.phase !== 'uploading') return;
  /** @type {HTMLProgressElement} */ (partOf(item, 'progress')).value = slot.progress;
  partOf(item, '[data-role="verdict"]').textContent = t('photo.uploading', { percent: Math.round(slot.progress * 100) });
}

/**
 * The element of a view's item that photoItem built: it is always there.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {HTMLElement} item
 * @param {string} selector
 * @returns {E}
 */
function partOf(item, selector) {
  return /** @type {E} */ (item.querySelector(selector));
}

// -------------------------------------------------------------------------------------------------- VIN

function vinPanel() {
  const input = h('input', {
    id: 'vin-input',
    name: 'vin',
    type: 'text',
    inputmode: 'text',
    autocapitalize: 'characters',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '17',
    'aria-describedby': 'vin-help vin-error',
  });
  const form = h(
    'form',
    { class: 'vin-form stack', id: 'vin-form', novalidate: true, hidden: true },
    h('label', { for: 'vin-input' }, t('vin.label')),
    input,
    h('p', { class: 'help', id: 'vin-help' }, t('vin.help')),
    h('button', { type: 'submit', class: 'button' }, t('vin.save')),
    h('p', { class: 'error', id: 'vin-error', role: 'alert', hidden: true }),
  );
  form.addEventListener('submit', (event) => void saveVin(event));
  const change = h('button', { type: 'button', class: 'link-button', id: 'vin-change' }, t('vin.change'));
  change.addEventListener('click', () => {
    state.editingVin = true;
    renderPhoto(VIN_PHOTO_CODE);
    byId('vin-input').focus();
  });
  return h(
    'div',
    { class: 'vin-panel', id: 'vin-panel', hidden: true },
    h('p', { class: 'vin-read', id: 'vin-read' }),
    h('p', { class: 'vin-missing', id: 'vin-missing', hidden: true }, t('vin.notFound')),
    change,
    form,
  );
}

/**
 * Once the VIN photo is accepted: the VIN read or typed, to check; a form when none could be read.
 * @param {HTMLElement} item
 * @param {PhotoPhase} phase
 */
function renderVin(item, phase) {
  const panel = partOf(item, '#vin-panel');
  const capturing = PHOTO_STATUSES.includes(state.status);
  panel.hidden = phase !== 'accepted';
  const known = state.vinCaptured;
  byId('vin-read').hidden = !known;
  byId('vin-read').textContent = known ? t('vin.read', { vin: known }) : '';
  byId('vin-missing').hidden = Boolean(known);
  byId('vin-change').hidden = !known || state.editingVin || !capturing;
  byId('vin-form').hidden = !capturing || (Boolean(known) && !state.editingVin);
}

/** @param {SubmitEvent} event */
async function saveVin(event) {
  event.preventDefault();
  /** @type {HTMLInputElement} */
  const input = byId('vin-input');
  const error = byId('vin-error');
  const vin = input.value.replace(/[\s-]/g, '').toUpperCase();
  error.hidden = true;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) {
    error.textContent = t('vin.invalid');
    error.hidden = false;
    input.focus();
    return;
  }
  try {
    const data = await graphqlRequest(SET_VIN, { sessionKey, vin }, credentials);
    state.vinCaptured = data.setVin.vinCaptured;
    state.editingVin = false;
    input.value = '';
    announce(t('vin.saved'));
    render();
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = failure instanceof GraphQLRequestError && failure.reason === 'INVALID_VIN' ? t('vin.invalid') : errorMessage(failure);
    error.hidden = false;
  }
}

// --------------------------------------------------------------------------------------------- odometer

// Once the cluster photo is accepted (docs/capture.md#odometer-reading): the reading the server suggests, to confirm or
// correct, or a field to type it when nothing was read. A suggestion, never a blocker: the person may skip it and come
// back to it until the inspection is confirmed.

/** @type {OdometerUnit[]} */
const ODOMETER_UNITS = ['KM', 'MI'];
/** Where odometers count miles: an English session on a phone set to one of these starts in miles. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);
/** The largest whole number GraphQL's Int carries: anything longer is no reading (the server judges the rest). */
const GRAPHQL_INT_MAX = 2 ** 31 - 1;

function odometerPanel() {
  const input = h('input', {
    id: 'odo-input',
    name: 'odometer',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    'aria-describedby': 'odo-help odo-error',
  });
  const units = h(
    'fieldset',
    { class: 'odo-units', id: 'odo-units' },
    h('legend', {}, t('odometer.unit')),
    ODOMETER_UNITS.map((unit) =>
      h(
        'label',
        { class: 'odo-unit' },
        h('input', { type: 'radio', name: 'odometer-unit', value: unit, id: `odo-unit-${unit}`, onChange: () => chooseOdometerUnit(unit) }),
        t(`odometer.unit.${unit.toLowerCase()}`),
      ),
    ),
  );
  /** @param {string} id @param {string} key @param {() => void} onClick @param {boolean} [primary] */
  const button = (id, key, onClick, primary = false) => h('button', { type: 'button', id, class: primary ? 'button primary' : 'button', onClick }, t(key));
  const form = h(
    'form',
    { class: 'odo-form stack', id: 'odo-form', novalidate: true },
    h('p', { class: 'odo-text', id: 'odo-text' }),
    h(
      'div',
      { class: 'stack', id: 'odo-typing' },
      h('label', { for: 'odo-input' }, t('odometer.label')),
      input,
      h('p', { class: 'help', id: 'odo-help' }, t('odometer.help')),
    ),
    h('p', { class: 'error', id: 'odo-error', role: 'alert', hidden: true }),
    units,
    h(
      'div',
      { class: 'photo-actions', id: 'odo-actions' },
      button('odo-confirm', 'odometer.confirm', () => void saveOdometer(photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested), true),
      button('odo-correct', 'odometer.correct', () => openOdometerField(photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested)),
      h('button', { type: 'submit', id: 'odo-save', class: 'button primary' }, t('odometer.save')),
      button('odo-skip', 'odometer.skip', skipOdometer),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveTypedOdometer();
  });
  const change = h('button', { type: 'button', class: 'link-button', id: 'odo-change' }, '');
  change.addEventListener('click', () => {
    if (state.odometer) return openOdometerField(state.odometer.reading);
    state.odometerStep = photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested === null ? 'typing' : 'asked';
    renderPhoto(CLUSTER_PHOTO_CODE);
    focusOdometerStep();
  });
  return h('div', { class: 'odo-panel', id: 'odo-panel', hidden: true }, form, change);
}

/**
 * What the odometer step shows: the question on a suggestion, the field, the reading stored, or that it was skipped.
 * @returns {'question' | 'typing' | 'stored' | 'skipped' | null}
 */
function odometerMode() {
  if (!PHOTO_STATUSES.includes(state.status)) return state.odometer ? 'stored' : null;
  if (state.odometerStep === 'typing') return 'typing';
  if (state.odometer) return 'stored';
  if (state.odometerStep === 'skipped') return 'skipped';
  return photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested === null ? 'typing' : 'question';
}

/** Whether the accepted cluster photo's step waits for the person: asked, not answered, not skipped. */
function odometerAsked() {
  const mode = odometerMode();
  return shownPhase(photoSlot(CLUSTER_PHOTO_CODE)) === 'accepted' && (mode === 'question' || mode === 'typing');
}

/** @returns {OdometerUnit} */
function odometerUnit() {
  if (state.odometerUnit) return state.odometerUnit;
  if (state.odometer) return state.odometer.unit;
  if (language !== 'en') return 'KM';
  const region = navigator.languages.map((tag) => /-([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase()).find(Boolean);
  return region && MILE_REGIONS.has(region) ? 'MI' : 'KM';
}

/**
 * "48,213 km" in the page language's way of writing numbers.
 * @param {number} reading
 * @param {OdometerUnit} unit
 */
function odometerWords(reading, unit) {
  return { reading: new Intl.NumberFormat(language).format(reading), unit: unit.toLowerCase() };
}

/**
 * @param {HTMLElement} item
 * @param {PhotoPhase} phase
 */
function renderOdometer(item, phase) {
  const mode = odometerMode();
  const panel = partOf(item, '#odo-panel');
  panel.hidden = phase !== 'accepted' || mode === null;
  const suggested = photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested;
  const unit = odometerUnit();
  /** @type {Record<string, string>} */
  const texts = {
    question: suggested === null ? '' : t('odometer.question', odometerWords(suggested, unit)),
    typing: state.odometer || suggested !== null ? '' : t('odometer.notRead'),
    stored: state.odometer ? t('odometer.captured', odometerWords(state.odometer.reading, state.odometer.unit)) : '',
    // Skipped: only the way back to it, so that the done view stays folded.
    skipped: '',
  };
  const text = byId('odo-text');
  text.textContent = mode ? texts[mode] : '';
  text.hidden = !text.textContent;
  const asking = mode === 'question' || mode === 'typing';
  byId('odo-typing').hidden = mode !== 'typing';
  byId('odo-units').hidden = !asking;
  byId('odo-actions').hidden = !asking;
  if (!asking) byId('odo-error').hidden = true;
  for (const unitChoice of ODOMETER_UNITS) /** @type {HTMLInputElement} */ (byId(`odo-unit-${unitChoice}`)).checked = unitChoice === unit;
  byId('odo-confirm').hidden = mode !== 'question';
  byId('odo-correct').hidden = mode !== 'question';
  byId('odo-save').hidden = mode !== 'typing';
  byId('odo-skip').textContent = t(state.odometer ? 'odometer.cancel' : 'odometer.skip');
  for (const control of panel.querySelectorAll('button, input')) /** @type {HTMLButtonElement} */ (control).disabled = state.savingOdometer;
  const change = byId('odo-change');
  change.hidden = !PHOTO_STATUSES.includes(state.status) || (mode !== 'stored' && mode !== 'skipped');
  change.textContent = t(mode === 'skipped' ? 'odometer.add' : 'odometer.change');
}

/** Focuses the first control of the step: Confirm on a suggestion, else the field. */
function focusOdometerStep() {
  const target = byId(odometerMode() === 'question' ? 'odo-confirm' : 'odo-input');
  target.focus();
  return true;
}

/** @param {OdometerUnit} unit */
function chooseOdometerUnit(unit) {
  state.odometerUnit = unit;
  renderPhoto(CLUSTER_PHOTO_CODE);
}

/**
 * Opens the field with `reading` in it, to correct it.
 * @param {number | null} reading
 */
function openOdometerField(reading) {
  state.odometerStep = 'typing';
  /** @type {HTMLInputElement} */
  const input = byId('odo-input');
  input.value = reading === null ? '' : String(reading);
  renderPhoto(CLUSTER_PHOTO_CODE);
  input.focus();
  input.select();
}

/** Skips the step (or, with a reading stored, leaves it as it is); the list moves on to the next view. */
function skipOdometer() {
  if (!state.odometer) announce(t('odometer.skipped'));
  state.odometerStep = state.odometer ? 'asked' : 'skipped';
  showOdometerError(null);
  renderPhoto(CLUSTER_PHOTO_CODE);
  moveOnFromOdometer();
}

function moveOnFromOdometer() {
  if (!advanceFrom(CLUSTER_PHOTO_CODE)) byId('odo-change').focus();
}

/**
 * The typed reading as a whole number: digits, grouped by thousands or not ("48,213", "48 213"); null otherwise.
 * @param {string} text
 */
function typedOdometer(text) {
  const value = text.trim();
  if (!/^\d+$|^\d{1,3}(?:[,.'’\s]\d{3})+$/.test(value)) return null;
  const reading = Number(value.replace(/\D/g, ''));
  return reading <= GRAPHQL_INT_MAX ? reading : null;
}

async function saveTypedOdometer() {
  const reading = typedOdometer(/** @type {HTMLInputElement} */ (byId('odo-input')).value);
  if (reading === null) return showOdometerError(t('odometer.invalid'));
  await saveOdometer(reading);
}

/**
 * Shows what went wrong under the field (which keeps what was typed), or hides it with null.
 * @param {string | null} message
 */
function showOdometerError(message) {
  const error = byId('odo-error');
  const input = byId('odo-input');
  error.textContent = message ?? '';
  error.hidden = message === null;
  if (message === null) return input.removeAttribute('aria-invalid');
  input.setAttribute('aria-invalid', 'true');
  if (!byId('odo-typing').hidden) input.focus();
}

/**
 * Stores the reading in the chosen unit (setOdometer); the server tells whether it is the photo's reading.
 * @param {number | null} reading
 */
async function saveOdometer(reading) {
  if (reading === null || state.savingOdometer) return;
  state.savingOdometer = true;
  showOdometerError(null);
  byId('odo-save').textContent = t('odometer.saving');
  renderPhoto(CLUSTER_PHOTO_CODE);
  let saved = false;
  try {
    const data = await graphqlRequest(SET_ODOMETER, { sessionKey, reading, unit: odometerUnit() }, credentials);
    state.odometer = data.setOdometer.odometerCaptured;
    state.odometerStep = 'asked';
    /** @type {HTMLInputElement} */ (byId('odo-input')).value = '';
    saved = true;
    announce(t('odometer.saved'));
  } catch (failure) {
    if (isExpired(failure)) return expire();
    const invalid = failure instanceof GraphQLRequestError && failure.reason === 'INVALID_ODOMETER';
    if (failure instanceof GraphQLRequestError && failure.reason === 'INVALID_STATUS') void refreshSession();
    state.savingOdometer = false;
    renderPhoto(CLUSTER_PHOTO_CODE);
    showOdometerError(invalid ? t('odometer.invalid') : errorMessage(failure));
  } finally {
    state.savingOdometer = false;
    byId('odo-save').textContent = t('odometer.save');
    renderPhoto(CLUSTER_PHOTO_CODE);
  }
  if (saved) moveOnFromOdometer();
}

// -------------------------------------------------------------------------------------------- confirming

/** @param {number} remaining */
function renderConfirm(remaining) {
  /** @type {HTMLButtonElement} */
  const confirm = byId('confirm');
  const ready = state.status === 'QC_PASSED' && !uploadsInFlight();
  confirm.disabled = !ready || state.confirming;
  confirm.textContent = t(state.confirming ? 'confirm.sending' : 'confirm.button');
  byId('jump-confirm').hidden = !ready;
  byId('confirm-help').textContent = ready ? t('confirm.ready') : t('confirm.remaining', { remaining });
}

async function confirmInspection() {
  if (state.status !== 'QC_PASSED' || state.confirming) return;
  state.confirming = true;
  const error = byId('confirm-error');
  error.hidden = true;
  render();
  try {
    // A note typed but not yet added goes with the inspection (docs/capture.md).
    if (!(await savePendingNote())) return;
    // Set before sending: the completion may arrive over the live connection before the answer does.
    state.confirmedHere = true;
    const data = await graphqlRequest(CONFIRM, { sessionKey }, credentials);
    // The answer may already say COMPLETE; the report is announced as ready by SESSION:COMPLETE (or the check below).
    state.status = laterStatus(state.status, data.confirmInspection.status === 'COMPLETE' ? 'CONFIRM' : data.confirmInspection.status);
  } catch (failure) {
    state.confirmedHere = false;
    if (isExpired(failure)) return expire();
    error.textContent = errorMessage(failure);
    error.hidden = false;
    if (failure instanceof GraphQLRequestError && failure.reason === 'INVALID_STATUS') void refreshSession();
  } finally {
    state.confirming = false;
    render();
  }
}

// ------------------------------------------------------------------------------------- location, notes

function renderLocation() {
  const text = byId('location-text');
  const button = byId('location-button');
  if (state.location) {
    const accuracy = state.location.accuracy;
    text.textContent = accuracy === null || accuracy === undefined ? t('location.added') : t('location.addedWithin', { meters: Math.round(accuracy) });
    button.textContent = t('location.update');
  }
}

function shareLocation() {
  const text = byId('location-text');
  /** @type {HTMLButtonElement} */
  const button = byId('location-button');
  if (!('geolocation' in navigator) || !window.isSecureContext) {
    text.textContent = t('location.unavailable');
    return;
  }
  button.disabled = true;
  text.textContent = t('location.finding');
  navigator.geolocation.getCurrentPosition(
    async (position) => {
      try {
        const { latitude, longitude, accuracy } = position.coords;
        const data = await graphqlRequest(SET_LOCATION, { sessionKey, latitude, longitude, accuracy }, credentials);
        state.location = data.setLocation.location;
        renderLocation();
      } catch (error) {
        if (isExpired(error)) return expire();
        text.textContent = t('location.notSaved');
      } finally {
        button.disabled = false;
      }
    },
    (error) => {
      button.disabled = false;
      text.textContent = error.code === error.PERMISSION_DENIED ? t('location.denied') : t('location.failed');
    },
    { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
  );
}

function renderNotes() {
  const list = byId('notes-list');
  const notes = [...state.notes.values()];
  if (list.childElementCount === notes.length) return;
  fill(
    list,
    notes.map((note) => h('li', { class: 'note' }, h('p', { class: 'note-title' }, note.title), h('p', { class: 'note-text' }, note.description))),
  );
}

/** @param {SubmitEvent} event */
async function submitNote(event) {
  event.preventDefault();
  /** @type {HTMLInputElement} */
  const title = byId('note-title');
  /** @type {HTMLTextAreaElement} */
  const description = byId('note-description');
  const error = byId('note-error');
  const button = /** @type {HTMLButtonElement} */ (/** @type {HTMLFormElement} */ (event.target).querySelector('button[type=submit]'));
  error.hidden = true;
  if (!title.value.trim() || !description.value.trim()) {
    error.textContent = t('notes.missing');
    error.hidden = false;
    (title.value.trim() ? description : title).focus();
    return;
  }
  button.disabled = true;
  try {
    await addNote(title.value.trim(), description.value.trim());
    announce(t('notes.added'));
    render();
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = errorMessage(failure);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

/**
 * @param {string} title
 * @param {string} description
 */
async function addNote(title, description) {
  const data = await graphqlRequest(ADD_NOTE, { sessionKey, title, description }, credentials);
  rememberNote(data.addNote);
  noteField('note-title').value = '';
  noteField('note-description').value = '';
}

/**
 * @param {'note-title' | 'note-description'} id
 * @returns {HTMLInputElement | HTMLTextAreaElement}
 */
function noteField(id) {
  return byId(id);
}

/** Adds what is typed in the note form, if anything; false (with the error shown) when that failed. */
async function savePendingNote() {
  const title = noteField('note-title').value.trim();
  const description = noteField('note-description').value.trim();
  if (!title && !description) return true;
  try {
    await addNote(title || t('notes.defaultTitle'), description || title);
    return true;
  } catch (failure) {
    if (isExpired(failure)) {
      expire();
      return false;
    }
    byId('note-error').textContent = errorMessage(failure);
    byId('note-error').hidden = false;
    return false;
  }
}

// ------------------------------------------------------------------------------------------------- done

function renderDone() {
  const complete = state.status === 'COMPLETE';
  const thanking = state.confirmedHere || !complete;
  byId('done-title').textContent = t(thanking ? 'done.title' : 'done.completeTitle');
  byId('done-text').textContent = t(thanking ? 'done.text' : 'done.completeText');
  renderVehicle(byId('done-vehicle'));
  const status = byId('report-status');
  const wasReady = status.dataset.ready === 'true';
  status.dataset.ready = String(complete);
  // A confirmed session may wait for a person to review the photos before its report exists.
  status.textContent = t(complete ? 'done.ready' : 'done.reviewing');
  byId('report-actions').hidden = !complete;
  // The way back to the integrator's site (docs/capture.md): a plain link, styled as a button.
  if (state.redirectUrl && !document.getElementById('done-back')) {
    const label = state.brand.name ? t('done.back', { name: state.brand.name }) : t('done.backWebsite');
    byId('screen-done').append(h('a', { id: 'done-back', class: 'button primary wide done-back', href: state.redirectUrl, rel: 'noopener' }, label));
  }
  if (complete && !wasReady && state.screen === 'done') announce(t('done.ready'));
  // Without a live socket the page would never hear SESSION:COMPLETE: check now and then instead.
  clearTimeout(state.pollTimer);
  if (!complete) state.pollTimer = setTimeout(() => void refreshSession(), state.live?.connected ? 8_000 : 3_000);
}

/** @param {'pdf' | 'view'} kind */
async function openReport(kind) {
  const error = byId('report-error');
  error.hidden = true;
  // Opened now, inside the click, so that pop-up blockers let it through; filled once the report is fetched.
  const pendingWindow = kind === 'view' ? window.open('', '_blank') : null;
  try {
    await openDocument(kind === 'pdf' ? `/capture/${sessionKey}/report.pdf` : `/capture/${sessionKey}/report`, credentials, {
      filename: kind === 'pdf' ? `condition-report-${sessionKey}.pdf` : `condition-report-${sessionKey}.html`,
      download: kind === 'pdf',
      pendingWindow,
    });
  } catch {
    pendingWindow?.close();
    error.textContent = t('done.reportError');
    error.hidden = false;
  }
}

// ----------------------------------------------------------------------------------------------- shared

/** @param {unknown} error */
function isExpired(error) {
  return error instanceof GraphQLRequestError && error.reason === 'SESSION_EXPIRED';
}

function expire() {
  state.status = laterStatus(state.status, 'EXPIRED');
  render();
}

/** @param {string} text */
function announce(text) {
  const announcer = byId('announcer');
  announcer.textContent = '';
  // A separate task, so that the same text twice is announced twice.
  setTimeout(() => (announcer.textContent = text), 50);
}

/** @param {string} value */
function safeDecode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

byId('start').addEventListener('click', () => void startCapture());
byId('confirm').addEventListener('click', () => void confirmInspection());
byId('jump-confirm').addEventListener('click', () => {
  byId('confirm').scrollIntoView({ block: 'center' });
  byId('confirm').focus();
});
byId('location-button').addEventListener('click', shareLocation);
// The server's note limits, so a note the page lets through is one the server takes.
/** @type {HTMLInputElement} */ (byId('note-title')).maxLength = CONFIG.noteTitleMax;
/** @type {HTMLTextAreaElement} */ (byId('note-description')).maxLength = CONFIG.noteDescriptionMax;
byId('note-form').addEventListener('submit', (event) => void submitNote(event));
byId('report-pdf').addEventListener('click', () => void openReport('pdf'));
byId('report-view').addEventListener('click', () => void openReport('view'));
byId('problem-retry').addEventListener('click', () => void boot());
// Photos the network lost go out by themselves as soon as the phone is back online.
window.addEventListener('online', () => {
  renderLiveState(state.live?.connected ? 'open' : 'retrying');
  sendKeptPhotos();
});
window.addEventListener('offline', () => renderLiveState('offline'));
// Opening another capture link in the same tab only changes the fragment: start over with the new token.
window.addEventListener('hashchange', () => location.reload());

void boot();
