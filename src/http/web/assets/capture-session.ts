// The session as the server tells it: the session query (sent early by capture.html), its answers taken in, the
// account's brand, and the session's events replayed and followed live over one WebSocket.
import { CLUSTER_PHOTO_CODE, captureToken, credentials, sessionKey, VIN_PHOTO_CODE } from './capture-context.js';
import { t } from './capture-i18n.js';
import { LOAD_SESSION, SESSION_EVENTS } from './capture-operations.js';
import {
  acceptedCount,
  advanceFrom,
  announce,
  type CapturePhoto,
  type CaptureSession,
  expire,
  isExpired,
  type LiveState,
  photoSlot,
  rejectionText,
  rememberNote,
  render,
  state,
  type Verdict,
  vehicleFlag,
  viewName,
} from './capture-state.js';
import { graphqlRequest, LiveConnection, readGraphQLBody } from './graphql-client.js';
import type { CaptureEventsSubscription, CaptureSessionQuery } from './graphql/graphql.js';
import { byId, laterStatus, statusOfEvent } from './ui.js';

/** The payload of SESSION:STAGE_CHANGE, a photo's QC verdict: the webhook body of the event (docs/events.md). */
interface StageChangePayload {
  photo_code: number;
  photo_label: string;
  photo_url: string;
  photo_status: 'accepted' | 'rejected';
  message: string;
  timestamp: string;
}

/** The payload of SESSION:NOTE_INSERT (docs/events.md). */
interface NoteInsertPayload {
  title: string;
  description: string;
  user: string;
  timestamp: string;
}

/** The session, from the query capture.html started with the page when it has an answer, else asked now. */
export async function loadSession(): Promise<CaptureSessionQuery> {
  const early = await window.captureEarly?.session;
  if (window.captureEarly) window.captureEarly.session = null;
  return early ? (readGraphQLBody(early.status, early.text) as CaptureSessionQuery) : graphqlRequest(LOAD_SESSION, { sessionKey }, credentials);
}

export async function refreshSession(): Promise<void> {
  try {
    adoptSession((await graphqlRequest(LOAD_SESSION, { sessionKey }, credentials)).inspectionSession);
    render();
  } catch (error) {
    if (isExpired(error)) expire();
  }
}

/** Takes in a session from a query or mutation answer; never moves the status backwards. */
export function adoptSession(session: CaptureSession): void {
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

/** The account's display name in the top bar and its colour on the bar and the main buttons. */
function applyBrand(brand: NonNullable<CaptureSession['brand']>): void {
  state.brand = brand;
  byId('brand-name').textContent = brand.name ?? t('page.title');
  if (brand.name) byId('brand-name').removeAttribute('data-i18n');
  const color = brand.color ?? '';
  if (/^#[0-9a-f]{6}$/i.test(color)) {
    document.documentElement.style.setProperty('--brand', color);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }
  // The logo beside the name (decoration: the name says whose it is); only an address of this service is loaded.
  const logo = byId<HTMLImageElement>('brand-logo');
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

// ------------------------------------------------------------------------------------------------ verdicts

export function verdictOf(photo: CapturePhoto): Verdict {
  const { approved, rejectionCode, decodedVin, vehicleCheck, odometerSuggested, url } = photo;
  return { approved, rejectionCode, decodedVin, vehicleCheck, odometerSuggested, url, at: Date.parse(photo.createdAt) };
}

/** A QC verdict, from the answer to an upload, a replayed or a live event: older news than the slot's is ignored. */
export function applyVerdict(code: number, verdict: Verdict): void {
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

// ------------------------------------------------------------------------------------------ live events

export function openLiveUpdates(): void {
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

export function stopLiveUpdates(): void {
  state.live?.close();
  byId('live-status').hidden = true;
}

function handleEvent(item: CaptureEventsSubscription['sessionEvents']): void {
  if (Number(item.id) > Number(state.lastEventId)) state.lastEventId = item.id;
  const payload = item.payload ?? {};
  if (item.event === 'SESSION:STAGE_CHANGE') {
    const stage = payload as StageChangePayload;
    const code = Number(stage.photo_code);
    const accepted = stage.photo_status === 'accepted';
    // The event carries the English message only: the rejection code and the VIN read come with the photos list —
    // or with the answer to this page's own upload, when it sent the photo (no need to ask again then).
    const slot = photoSlot(code);
    const verdict: Verdict = { approved: accepted, rejectionCode: null, url: stage.photo_url || null, at: Date.parse(stage.timestamp), fromEvent: true };
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
    const note = payload as NoteInsertPayload;
    rememberNote({ title: note.title, description: note.description, user: note.user, createdAt: note.timestamp });
  }
  const status = statusOfEvent(item);
  if (status) state.status = laterStatus(state.status, status);
  render();
}

/** Says something only when it matters to the person: never a "Live" light that reads like a camera streaming. */
export function renderLiveState(liveState: LiveState | 'offline'): void {
  const element = byId('live-status');
  const offline = !navigator.onLine;
  const texts: Partial<Record<LiveState | 'offline', string>> = { connecting: t('live.connecting'), retrying: t('live.reconnecting') };
  const text = offline ? t('live.offline') : (texts[liveState] ?? '');
  element.hidden = !text || state.status === 'COMPLETE' || state.status === 'EXPIRED';
  element.dataset.state = offline ? 'offline' : liveState;
  element.textContent = text;
}
