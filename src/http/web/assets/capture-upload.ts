// Taking a view's photo and sending it: the in-page camera or the phone's camera app, the photo prepared on the
// phone, then sent with its progress shown, kept to send again when the network lost it.
import { credentials, MAX_PHOTO_BYTES, sessionKey, WHOLE_VEHICLE_VIEWS } from './capture-context.js';
import { t } from './capture-i18n.js';
import { CAPTURE_PHOTO } from './capture-operations.js';
import { applyVerdict, refreshSession, verdictOf } from './capture-session.js';
import { announce, expire, isExpired, partOf, photoSlot, render, renderPhoto, state, viewHint, viewName } from './capture-state.js';
import { GraphQLRequestError, graphqlUpload, NetworkError } from './graphql-client.js';
import { byId } from './ui.js';

/** A view's drawing, the outline the camera shows over its picture. */
export function outlineUrl(code: number): string {
  return `/web/views/${code}.svg`;
}

/** The in-page camera with the view's outline; the phone's camera app where the browser offers no camera. */
export async function openCamera(code: number): Promise<void> {
  const input = byId<HTMLInputElement>(`photo-input-${code}`);
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

export async function takePhoto(code: number, file: File): Promise<void> {
  const slot = photoSlot(code);
  if (slot.inFlight) return;
  slot.inFlight = true;
  slot.phase = 'preparing';
  slot.failure = '';
  render();
  let prepared: File;
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

/** Sends a view's kept photo; a photo that cannot be sent stays kept for "Send again" and the return of the network. */
export function send(code: number): void {
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

export function sendKeptPhotos(): void {
  for (const [code, slot] of state.photos) if (slot.phase === 'failed' && slot.pending) send(code);
}

function renderPhotoProgress(code: number): void {
  const item = document.getElementById(`photo-${code}`);
  const slot = photoSlot(code);
  if (!item || slot.phase !== 'uploading') return;
  partOf<HTMLProgressElement>(item, 'progress').value = slot.progress;
  partOf(item, '[data-role="verdict"]').textContent = t('photo.uploading', { percent: Math.round(slot.progress * 100) });
}
