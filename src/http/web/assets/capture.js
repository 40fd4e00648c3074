// The web capture app at /capture/<session_key>#<capture_token>. The token lives only in the URL fragment (never
// sent in a URL): it goes in the Capture-Token header over HTTP and in connectionParams over WebSocket. All state
// comes from the server — the session query, then its sessionEvents replayed from the start and followed live — so
// a reload resumes exactly where the person was.
import { graphqlRequest, graphqlUpload, GraphQLRequestError, LiveConnection, NetworkError } from './graphql-client.js';
import { byId, fill, h, laterStatus, openDocument, rejectionReason, statusOfEvent, vehicleFacts, vehicleTitle } from './ui.js';

const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const SESSION_KEY_PATTERN = /^[A-Z]{3}-[A-Z0-9]{10}$/;

const SESSION_FIELDS = `sessionKey status theme vehicle
  requiredPhotos { photoCode photoLabel hint }
  photos { photoCode approved approvedMessage url createdAt }
  notes { title description user createdAt }
  location { latitude longitude accuracy }`;
const LOAD_SESSION = `query CaptureSession($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ${SESSION_FIELDS} } }`;
const START_CAPTURE = `mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { ${SESSION_FIELDS} } }`;
const CAPTURE_PHOTO = `mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {
  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode approved approvedMessage url createdAt }
}`;
const SET_LOCATION = `mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }
}`;
const ADD_NOTE = `mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {
  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }
}`;
const CONFIRM = `mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }`;
const SESSION_EVENTS = `subscription CaptureEvents($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }
}`;

const sessionKey = safeDecode(location.pathname.split('/').filter(Boolean)[1] ?? '');
const captureToken = location.hash.slice(1);
const credentials = { 'Capture-Token': captureToken };

const state = {
  /** null until the session is loaded. */
  status: null,
  vehicle: null,
  required: [],
  /** photo code → slot (see photoSlot). */
  photos: new Map(),
  /** note key → note, in arrival order. */
  notes: new Map(),
  location: null,
  /** Cursor of the last event seen: resubscriptions resume after it. "0" replays everything. */
  lastEventId: '0',
  problem: null,
  /** True when this page sent the confirmation (the done screen thanks rather than reports). */
  confirmedHere: false,
  confirming: false,
  screen: null,
  live: null,
  pollTimer: null,
};

const screens = {
  loading: byId('screen-loading'),
  problem: byId('screen-problem'),
  welcome: byId('screen-welcome'),
  capture: byId('screen-capture'),
  done: byId('screen-done'),
};

// ---------------------------------------------------------------------------------------------- loading

async function boot() {
  state.problem = null;
  if (!SESSION_KEY_PATTERN.test(sessionKey)) return showProblem('unknown');
  if (!captureToken) return showProblem('incomplete');
  showScreen('loading');
  try {
    const data = await graphqlRequest(LOAD_SESSION, { sessionKey }, credentials);
    adoptSession(data.inspectionSession);
  } catch (error) {
    return showLoadError(error);
  }
  if (state.status !== 'COMPLETE' && state.status !== 'EXPIRED') openLiveUpdates();
  render();
}

async function refreshSession() {
  try {
    adoptSession((await graphqlRequest(LOAD_SESSION, { sessionKey }, credentials)).inspectionSession);
    render();
  } catch (error) {
    if (isExpired(error)) expire();
  }
}

function showLoadError(error) {
  if (error instanceof GraphQLRequestError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')) return showProblem('unknown');
  if (error instanceof NetworkError) return showProblem('offline', error.message);
  return showProblem('error', error.message);
}

const PROBLEMS = {
  unknown: [
    'This link is not valid',
    'We could not find this inspection. Check that you opened the whole link from your message, or ask the sender for a new one.',
  ],
  incomplete: ['This link is incomplete', 'The link is missing its last part. Open the whole link from your message again, or ask the sender for a new one.'],
  expired: ['This inspection link has expired', 'It was not used in time. Ask the sender for a new link if the vehicle still needs to be inspected.'],
  offline: ['We cannot reach the server', 'Check your internet connection, then try again.'],
  error: ['Something went wrong', 'Please try again in a moment.'],
};

function showProblem(kind, detail) {
  state.problem = kind;
  const [title, text] = PROBLEMS[kind] ?? PROBLEMS.error;
  byId('problem-title').textContent = title;
  byId('problem-text').textContent = kind === 'error' && detail ? detail : text;
  byId('problem-retry').hidden = !(kind === 'offline' || kind === 'error');
  screens.problem.dataset.problem = kind;
  showScreen('problem');
}

/** Takes in a session from a query or mutation answer; never moves the status backwards. */
function adoptSession(session) {
  state.status = laterStatus(state.status, session.status);
  state.vehicle = session.vehicle;
  state.required = session.requiredPhotos;
  for (const photo of session.photos) {
    applyVerdict(photo.photoCode, { approved: photo.approved, message: photo.approvedMessage, url: photo.url, at: Date.parse(photo.createdAt) });
  }
  for (const note of session.notes) rememberNote(note);
  if (session.location) state.location = session.location;
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

function handleEvent(item) {
  if (Number(item.id) > Number(state.lastEventId)) state.lastEventId = item.id;
  const payload = item.payload ?? {};
  if (item.event === 'SESSION:STAGE_CHANGE') {
    applyVerdict(Number(payload.photo_code), {
      approved: payload.photo_status === 'accepted',
      message: payload.message,
      url: payload.photo_url || null,
      at: Date.parse(payload.timestamp),
    });
  } else if (item.event === 'SESSION:NOTE_INSERT') {
    rememberNote({ title: payload.title, description: payload.description, user: payload.user, createdAt: payload.timestamp });
  }
  const status = statusOfEvent(item);
  if (status) state.status = laterStatus(state.status, status);
  render();
}

function renderLiveState(liveState) {
  const element = byId('live-status');
  if (liveState === 'closed') {
    element.hidden = true;
    return;
  }
  const texts = { open: 'Live', connecting: 'Connecting…', retrying: 'Reconnecting…', refused: 'Live updates unavailable' };
  element.hidden = !texts[liveState];
  element.dataset.state = liveState;
  element.textContent = texts[liveState] ?? '';
}

// ----------------------------------------------------------------------------------------------- photos

function photoSlot(code) {
  let slot = state.photos.get(code);
  if (!slot) {
    // phase: empty | uploading | checking | accepted | rejected | failed
    slot = { phase: 'empty', progress: 0, message: '', url: null, preview: null, at: null, inFlight: false };
    state.photos.set(code, slot);
  }
  return slot;
}

/** A QC verdict, from the answer to an upload, a replayed or a live event: older news than the slot's is ignored. */
function applyVerdict(code, verdict) {
  const slot = photoSlot(code);
  if (slot.at !== null && Number.isFinite(verdict.at) && verdict.at < slot.at) return;
  // While a new photo is on its way, the verdict of the previous one is not news.
  if (slot.inFlight && slot.at !== null && verdict.at <= slot.at) return;
  const awaited = slot.phase === 'uploading' || slot.phase === 'checking';
  if (Number.isFinite(verdict.at)) slot.at = verdict.at;
  slot.phase = verdict.approved ? 'accepted' : 'rejected';
  slot.message = verdict.approved ? '' : rejectionReason(verdict.message);
  slot.url = verdict.url || null;
  if (awaited) {
    const label = labelOf(code);
    announce(
      verdict.approved ? `${label} photo accepted. ${acceptedCount()} of ${state.required.length} accepted.` : `${label} photo rejected: ${slot.message}`,
    );
  }
}

function uploadPhoto(code, file) {
  const slot = photoSlot(code);
  if (slot.inFlight) return;
  if (file.size > MAX_PHOTO_BYTES) {
    slot.phase = 'failed';
    slot.message = `This photo is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 15 MB. Take it again at a lower resolution.`;
    render();
    return;
  }
  if (slot.preview) URL.revokeObjectURL(slot.preview);
  slot.preview = URL.createObjectURL(file);
  slot.phase = 'uploading';
  slot.progress = 0;
  slot.message = '';
  slot.inFlight = true;
  render();
  const upload = graphqlUpload({
    query: CAPTURE_PHOTO,
    variables: { sessionKey, photoCode: code },
    fileVariable: 'file',
    file,
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
      const photo = data.capturePhoto;
      applyVerdict(code, { approved: photo.approved, message: photo.approvedMessage, url: photo.url, at: Date.parse(photo.createdAt) });
      render();
    },
    (error) => {
      slot.inFlight = false;
      if (isExpired(error)) return expire();
      if (slot.phase === 'uploading' || slot.phase === 'checking') {
        slot.phase = 'failed';
        slot.message = error.message;
        announce(`${labelOf(code)} photo was not sent: ${error.message}`);
      }
      // Another device may have moved the session on (confirmed, completed): catch up.
      if (error instanceof GraphQLRequestError && error.reason === 'INVALID_STATUS') void refreshSession();
      render();
    },
  );
}

function acceptedCount() {
  return state.required.filter((photo) => state.photos.get(photo.photoCode)?.phase === 'accepted').length;
}

function uploadsInFlight() {
  return [...state.photos.values()].some((slot) => slot.inFlight);
}

function labelOf(code) {
  const photo = state.required.find((candidate) => candidate.photoCode === code);
  return displayLabel(photo?.photoLabel ?? `Photo ${code}`);
}

function displayLabel(label) {
  return label.replace(/_/g, ' ');
}

// ------------------------------------------------------------------------------------------------ notes

function noteKey(note) {
  return `${Date.parse(note.createdAt)}|${note.title}|${note.description}`;
}

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
  if (state.status === 'EXPIRED') return showProblem('expired');
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

function renderVehicle(container) {
  const title = vehicleTitle(state.vehicle);
  const facts = vehicleFacts(state.vehicle);
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
  byId('welcome-summary').textContent =
    `You will take ${count} photo${count === 1 ? '' : 's'} of the vehicle with this phone. It takes about ${Math.max(3, Math.round(count * 0.7))} minutes.`;
  const start = byId('start');
  if (start.dataset.busy !== 'true') start.disabled = false;
}

async function startCapture() {
  const start = byId('start');
  const error = byId('welcome-error');
  start.disabled = true;
  start.dataset.busy = 'true';
  start.textContent = 'Starting…';
  error.hidden = true;
  try {
    adoptSession((await graphqlRequest(START_CAPTURE, { sessionKey }, credentials)).startCapture);
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = failure.message;
    error.hidden = false;
  } finally {
    start.dataset.busy = 'false';
    start.textContent = 'Start inspection';
  }
  render();
}

function renderCapture() {
  const list = byId('photo-list');
  if (list.childElementCount !== state.required.length) {
    fill(
      list,
      state.required.map((photo, index) => photoItem(photo, index)),
    );
  }
  for (const photo of state.required) renderPhoto(photo.photoCode);
  const accepted = acceptedCount();
  const total = state.required.length;
  byId('progress-text').textContent = `${accepted} of ${total} accepted`;
  const progress = byId('progress');
  progress.max = Math.max(total, 1);
  progress.value = accepted;
  renderLocation();
  renderNotes();
  renderConfirm(total - accepted);
}

/** One required photo: built once, then updated in place so focus and file inputs survive every update. */
function photoItem(photo, index) {
  const code = photo.photoCode;
  const label = displayLabel(photo.photoLabel);
  const inputId = `photo-input-${code}`;
  const input = h('input', {
    type: 'file',
    accept: 'image/*',
    capture: 'environment',
    id: inputId,
    class: 'file-input visually-hidden',
    'aria-describedby': `photo-${code}-hint photo-${code}-verdict`,
  });
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file) uploadPhoto(code, file);
  });
  const thumb = h('img', { class: 'thumb', alt: `Your ${label} photo`, decoding: 'async', hidden: true });
  thumb.addEventListener('error', () => (thumb.hidden = true));
  return h(
    'li',
    { class: 'photo', id: `photo-${code}`, dataset: { code: String(code), state: 'empty' } },
    h(
      'div',
      { class: 'photo-head' },
      h('span', { class: 'photo-number', 'aria-hidden': 'true' }, String(index + 1)),
      h('h2', { class: 'photo-title', id: `photo-${code}-title` }, label),
      h('span', { class: 'badge', 'data-role': 'badge' }),
    ),
    h('p', { class: 'hint', id: `photo-${code}-hint` }, photo.hint),
    h(
      'div',
      { class: 'photo-body' },
      thumb,
      h(
        'div',
        { class: 'photo-status' },
        h(
          'div',
          { class: 'upload', 'data-role': 'upload', hidden: true },
          h('progress', { max: '1', value: '0', 'aria-label': `Upload of the ${label} photo` }),
        ),
        h('p', { class: 'verdict', id: `photo-${code}-verdict`, 'data-role': 'verdict' }),
        input,
        h(
          'label',
          { for: inputId, class: 'button capture-button', 'data-role': 'action' },
          h('span', { 'data-role': 'action-text' }, 'Take photo'),
          h('span', { class: 'visually-hidden' }, ` (${label})`),
        ),
      ),
    ),
  );
}

const BADGES = { empty: 'To do', uploading: 'Uploading', checking: 'Checking', accepted: 'Accepted', rejected: 'Retake needed', failed: 'Not sent' };
const ACTIONS = { empty: 'Take photo', rejected: 'Retake', failed: 'Try again' };

function renderPhoto(code) {
  const item = document.getElementById(`photo-${code}`);
  if (!item) return;
  const slot = photoSlot(code);
  const part = (role) => item.querySelector(`[data-role="${role}"]`);
  item.dataset.state = slot.phase;
  part('badge').textContent = BADGES[slot.phase];
  const thumb = item.querySelector('.thumb');
  const source = slot.phase === 'empty' || slot.phase === 'failed' ? null : (slot.preview ?? slot.url);
  if (source && thumb.getAttribute('src') !== source) {
    thumb.hidden = false;
    thumb.src = source;
  } else if (!source) {
    thumb.hidden = true;
    thumb.removeAttribute('src');
  }
  const verdicts = {
    empty: '',
    uploading: `Uploading… ${Math.round(slot.progress * 100)}%`,
    checking: 'Checking the photo…',
    accepted: 'Accepted',
    rejected: slot.message,
    failed: slot.message,
  };
  part('verdict').textContent = verdicts[slot.phase];
  part('upload').hidden = slot.phase !== 'uploading' && slot.phase !== 'checking';
  const progress = item.querySelector('progress');
  if (slot.phase === 'checking') progress.removeAttribute('value');
  else progress.value = slot.progress;
  // A photo can be (re)taken while the session takes photos and nothing is on its way for it.
  const canCapture = (state.status === 'STARTED' || state.status === 'PROCESS') && !slot.inFlight && slot.phase !== 'accepted';
  const input = item.querySelector('input[type=file]');
  input.disabled = !canCapture;
  part('action').hidden = !canCapture;
  part('action-text').textContent = ACTIONS[slot.phase] ?? 'Take photo';
}

function renderPhotoProgress(code) {
  const item = document.getElementById(`photo-${code}`);
  const slot = photoSlot(code);
  if (!item || slot.phase !== 'uploading') return;
  item.querySelector('progress').value = slot.progress;
  item.querySelector('[data-role="verdict"]').textContent = `Uploading… ${Math.round(slot.progress * 100)}%`;
}

function renderConfirm(remaining) {
  const confirm = byId('confirm');
  const ready = state.status === 'QC_PASSED' && !uploadsInFlight();
  confirm.disabled = !ready || state.confirming;
  confirm.textContent = state.confirming ? 'Sending…' : 'Confirm inspection';
  byId('jump-confirm').hidden = !ready;
  byId('confirm-help').textContent = ready
    ? 'Every photo is accepted. Confirm to send the inspection.'
    : `Available once every photo is accepted (${remaining} to go).`;
}

async function confirmInspection() {
  if (state.status !== 'QC_PASSED' || state.confirming) return;
  state.confirming = true;
  const error = byId('confirm-error');
  error.hidden = true;
  render();
  try {
    const data = await graphqlRequest(CONFIRM, { sessionKey }, credentials);
    state.confirmedHere = true;
    // The answer may already say COMPLETE; the report is announced as ready by SESSION:COMPLETE (or the check below).
    state.status = laterStatus(state.status, data.confirmInspection.status === 'COMPLETE' ? 'CONFIRM' : data.confirmInspection.status);
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = failure.message;
    error.hidden = false;
    if (failure instanceof GraphQLRequestError && failure.reason === 'INVALID_STATUS') void refreshSession();
  } finally {
    state.confirming = false;
  }
  render();
}

// ------------------------------------------------------------------------------------- location, notes

function renderLocation() {
  const text = byId('location-text');
  const button = byId('location-button');
  if (state.location) {
    const accuracy = state.location.accuracy === null || state.location.accuracy === undefined ? '' : ` (within ${Math.round(state.location.accuracy)} m)`;
    text.textContent = `Location added${accuracy}.`;
    button.textContent = 'Update my location';
  }
}

function shareLocation() {
  const text = byId('location-text');
  const button = byId('location-button');
  if (!('geolocation' in navigator)) {
    text.textContent = 'Location is not available on this device. You can continue without it.';
    return;
  }
  if (!window.isSecureContext) {
    text.textContent = 'Location needs a secure (https) connection. You can continue without it.';
    return;
  }
  button.disabled = true;
  text.textContent = 'Finding your location…';
  navigator.geolocation.getCurrentPosition(
    async (position) => {
      try {
        const { latitude, longitude, accuracy } = position.coords;
        const data = await graphqlRequest(SET_LOCATION, { sessionKey, latitude, longitude, accuracy }, credentials);
        state.location = data.setLocation.location;
        renderLocation();
      } catch (error) {
        if (isExpired(error)) return expire();
        text.textContent = `The location could not be saved: ${error.message}`;
      } finally {
        button.disabled = false;
      }
    },
    (error) => {
      button.disabled = false;
      text.textContent =
        error.code === error.PERMISSION_DENIED
          ? 'Location permission was declined. You can continue without it.'
          : 'Your location could not be found. You can try again or continue without it.';
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

async function submitNote(event) {
  event.preventDefault();
  const title = byId('note-title');
  const description = byId('note-description');
  const error = byId('note-error');
  const button = event.target.querySelector('button[type=submit]');
  error.hidden = true;
  if (!title.value.trim() || !description.value.trim()) {
    error.textContent = 'Give the note a title and a description.';
    error.hidden = false;
    (title.value.trim() ? description : title).focus();
    return;
  }
  button.disabled = true;
  try {
    const data = await graphqlRequest(ADD_NOTE, { sessionKey, title: title.value.trim(), description: description.value.trim() }, credentials);
    rememberNote(data.addNote);
    title.value = '';
    description.value = '';
    announce('Note added.');
    render();
  } catch (failure) {
    if (isExpired(failure)) return expire();
    error.textContent = failure.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------------------------------------------- done

function renderDone() {
  const complete = state.status === 'COMPLETE';
  byId('done-title').textContent = state.confirmedHere || !complete ? 'Thank you!' : 'This inspection is complete';
  byId('done-text').textContent =
    state.confirmedHere || !complete
      ? 'Your inspection was sent. Nothing more is needed from you.'
      : 'The photos were sent and checked. Nothing more is needed from you.';
  renderVehicle(byId('done-vehicle'));
  const status = byId('report-status');
  const wasReady = status.dataset.ready === 'true';
  status.dataset.ready = String(complete);
  // A confirmed session may wait for a person to review the photos before its report exists.
  status.textContent = complete
    ? 'Your condition report is ready.'
    : 'Your photos were received and are being reviewed. The condition report will appear here once the review is complete.';
  byId('report-actions').hidden = !complete;
  if (complete && !wasReady && state.screen === 'done') announce('Your condition report is ready.');
  // Without a live socket the page would never hear SESSION:COMPLETE: check now and then instead.
  clearTimeout(state.pollTimer);
  if (!complete) state.pollTimer = setTimeout(() => void refreshSession(), state.live?.connected ? 8_000 : 3_000);
}

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
  } catch (failure) {
    pendingWindow?.close();
    error.textContent = failure.message;
    error.hidden = false;
  }
}

// ----------------------------------------------------------------------------------------------- shared

function isExpired(error) {
  return error instanceof GraphQLRequestError && error.reason === 'SESSION_EXPIRED';
}

function expire() {
  state.status = laterStatus(state.status, 'EXPIRED');
  render();
}

function announce(text) {
  const announcer = byId('announcer');
  announcer.textContent = '';
  // A separate task, so that the same text twice is announced twice.
  setTimeout(() => (announcer.textContent = text), 50);
}

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
byId('note-form').addEventListener('submit', (event) => void submitNote(event));
byId('report-pdf').addEventListener('click', () => void openReport('pdf'));
byId('report-view').addEventListener('click', () => void openReport('view'));
byId('problem-retry').addEventListener('click', () => void boot());
// Opening another capture link in the same tab only changes the fragment: start over with the new token.
window.addEventListener('hashchange', () => location.reload());

void boot();
