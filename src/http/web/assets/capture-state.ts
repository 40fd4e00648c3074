// What the capture page holds: the session as the server last told it, each view's photo, and where the person is.
// All of it comes from the server — the session query, then its sessionEvents replayed from the start and followed
// live — so a reload resumes exactly where the person was. The modules that change it ask the views to draw it
// again through `render`, `renderPhoto` and `advanceFrom` here, which capture.ts connects to the views at start:
// the views import those modules, so those cannot import the views.
import { t, has } from './capture-i18n.js';
import type { LiveConnection, LiveState } from './graphql-client.js';
import { GraphQLRequestError } from './graphql-client.js';
import type { CaptureSessionQuery, OdometerUnit, SessionStatus } from './graphql/graphql.js';
import { byId, laterStatus } from './ui.js';

export type CaptureSession = CaptureSessionQuery['inspectionSession'];
export type CapturePhoto = CaptureSession['photos'][number];
export type Note = CaptureSession['notes'][number];
export type CapturedOdometer = NonNullable<CaptureSession['odometerCaptured']>;
export type { LiveState, OdometerUnit };

/** A QC verdict on a view's photo: from the answer to an upload, the photos list, or a live event. */
export interface Verdict {
  approved: boolean;
  rejectionCode: string | null;
  decodedVin?: string | null;
  vehicleCheck?: string | null;
  odometerSuggested?: number | null;
  url: string | null;
  /** When the photo was taken (ms); NaN when unknown. */
  at: number;
  fromEvent?: boolean;
}

export type PhotoPhase = 'empty' | 'preparing' | 'uploading' | 'checking' | 'accepted' | 'rejected' | 'failed';

/** What the page knows of one view's photo (see photoSlot). */
export interface PhotoSlot {
  phase: PhotoPhase;
  progress: number;
  rejectionCode: string | null;
  decodedVin: string | null;
  /** The vehicle check's flag on the accepted photo (docs/capture.md#vehicle-check); null when none. */
  vehicleCheck: string | null;
  /** The person chose to keep a flagged photo. */
  vehicleKept: boolean;
  /** The mileage read from the accepted cluster photo (docs/capture.md#odometer-reading); null when none. */
  odometerSuggested: number | null;
  url: string | null;
  /** An object URL of the photo taken on this phone. */
  preview: string | null;
  at: number | null;
  /** The accepted capture, kept when a later retake is rejected once every view is accepted (docs/capture.md). */
  accepted: { url: string | null; preview: string | null; decodedVin: string | null } | null;
  /** A photo that could not be sent: kept to send again. */
  pending: File | null;
  failure: string;
  inFlight: boolean;
  /** A live event's verdict on the upload in flight, applied only if the upload's own answer is lost. */
  heardVerdict: Verdict | null;
}

export type Screen = 'loading' | 'problem' | 'welcome' | 'capture' | 'done';
export type Problem = 'unknown' | 'incomplete' | 'expired' | 'offline' | 'error';

interface PageState {
  /** null until the session is loaded. */
  status: SessionStatus | null;
  language: string | null;
  vehicle: CaptureSession['vehicle'] | null;
  brand: NonNullable<CaptureSession['brand']>;
  /** The http(s) redirect_url of the session, or null. */
  redirectUrl: string | null;
  vinCaptured: string | null;
  /** Whether the person opened the VIN form to correct a read or typed VIN. */
  editingVin: boolean;
  /** The odometer reading confirmed or typed, as the server stored it. */
  odometer: CapturedOdometer | null;
  /** Where the person is in the odometer step when no reading is stored: asked, typing (or correcting), or skipped. */
  odometerStep: 'asked' | 'typing' | 'skipped';
  /** The unit the person chose; null until they choose one. */
  odometerUnit: OdometerUnit | null;
  savingOdometer: boolean;
  required: CaptureSession['requiredPhotos'];
  /** photo code → slot (see photoSlot). */
  photos: Map<number, PhotoSlot>;
  /** note key → note, in arrival order. */
  notes: Map<string, Note>;
  location: CaptureSession['location'];
  /** Cursor of the last event seen: resubscriptions resume after it. "0" replays everything. */
  lastEventId: string;
  problem: Problem | null;
  /** True when this page sent the confirmation (the done screen thanks rather than reports). */
  confirmedHere: boolean;
  confirming: boolean;
  screen: Screen | null;
  live: LiveConnection | null;
  pollTimer: ReturnType<typeof setTimeout> | undefined;
}

export const state: PageState = {
  status: null,
  language: null,
  vehicle: null,
  brand: { name: null, color: null, logoUrl: null },
  redirectUrl: null,
  vinCaptured: null,
  editingVin: false,
  odometer: null,
  odometerStep: 'asked',
  odometerUnit: null,
  savingOdometer: false,
  required: [],
  photos: new Map(),
  notes: new Map(),
  location: null,
  lastEventId: '0',
  problem: null,
  confirmedHere: false,
  confirming: false,
  screen: null,
  live: null,
  pollTimer: undefined,
};

/** Statuses in which photos are taken, retakes included (docs/capture.md). */
export const PHOTO_STATUSES: (SessionStatus | null)[] = ['STARTED', 'PROCESS', 'QC_PASSED'];

// ------------------------------------------------------------------------------------------------ drawing

/** Draws the page from the state. */
export let render: () => void;
/** Draws one view's item of the photo list. */
export let renderPhoto: (code: number) => void;
/** Moves the focus on from a view whose photo was accepted; whether it moved. */
export let advanceFrom: (code: number) => boolean;

/** Connects the three drawing functions above to the views' (capture.ts, at start, before anything is drawn). */
export function drawWith(page: typeof render, photo: typeof renderPhoto, advance: typeof advanceFrom): void {
  render = page;
  renderPhoto = photo;
  advanceFrom = advance;
}

// ------------------------------------------------------------------------------------------------ photos

export function photoSlot(code: number): PhotoSlot {
  let slot = state.photos.get(code);
  if (!slot) {
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
      accepted: null,
      pending: null,
      failure: '',
      inFlight: false,
      heardVerdict: null,
    };
    state.photos.set(code, slot);
  }
  return slot;
}

/**
 * What the person sees of a view. Once every view is accepted (QC_PASSED and after), a rejected retake did not
 * replace the accepted photo: the view shows accepted, with a word on the retake.
 */
export function shownPhase(slot: PhotoSlot): PhotoPhase {
  const keptAccepted = slot.phase === 'rejected' && slot.accepted && state.status !== 'STARTED' && state.status !== 'PROCESS';
  return keptAccepted ? 'accepted' : slot.phase;
}

export function acceptedCount(): number {
  return state.required.filter((photo) => shownPhase(photoSlot(photo.photoCode)) === 'accepted').length;
}

export function uploadsInFlight(): boolean {
  return [...state.photos.values()].some((slot) => slot.inFlight);
}

/** The view's name in the page language ("Driver side"), never a number. */
export function viewName(code: number): string {
  if (has(`view.${code}.name`)) return t(`view.${code}.name`);
  const photo = state.required.find((candidate) => candidate.photoCode === code);
  return String(photo?.photoLabel ?? code).replace(/_/g, ' ');
}

export function viewHint(code: number): string {
  if (has(`view.${code}.hint`)) return t(`view.${code}.hint`);
  return state.required.find((candidate) => candidate.photoCode === code)?.hint ?? '';
}

/** "Too dark — turn on more light or take it where the vehicle is well lit": what went wrong and what to do. */
export function rejectionText(code: string | null): string {
  if (!code || !has(`rejection.${code}.title`)) return t('photo.rejectedGeneric');
  return t('rejection.line', { title: t(`rejection.${code}.title`), action: t(`rejection.${code}.action`) });
}

/** A flag worth asking about: the vehicle check's value other than OK (docs/capture.md#vehicle-check), else null. */
export function vehicleFlag(check: string | null | undefined): string | null {
  return check && check !== 'OK' ? check : null;
}

// ------------------------------------------------------------------------------------------------- notes

function noteKey(note: Note): string {
  return `${Date.parse(note.createdAt)}|${note.title}|${note.description}`;
}

export function rememberNote(note: Note): void {
  const key = noteKey(note);
  if (!state.notes.has(key)) state.notes.set(key, note);
}

// ------------------------------------------------------------------------------------------------ shared

export function isExpired(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.reason === 'SESSION_EXPIRED';
}

export function expire(): void {
  state.status = laterStatus(state.status, 'EXPIRED');
  render();
}

export function announce(text: string): void {
  const announcer = byId('announcer');
  announcer.textContent = '';
  // A separate task, so that the same text twice is announced twice.
  setTimeout(() => (announcer.textContent = text), 50);
}

/** The element of a view's item that photoItem built: it is always there. */
export function partOf<E extends HTMLElement = HTMLElement>(item: HTMLElement, selector: string): E {
  return item.querySelector(selector) as E;
}
