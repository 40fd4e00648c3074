// The list of views to photograph: one item a view, built once and then updated in place so that focus, file inputs
// and typed text survive every update; the VIN, the odometer and the vehicle check add their part under theirs.
import { CLUSTER_PHOTO_CODE, VIN_PHOTO_CODE, WHOLE_VEHICLE_VIEWS } from './capture-context.js';
import { t } from './capture-i18n.js';
import { focusOdometerStep, odometerAsked, odometerPanel, renderOdometer } from './capture-odometer.js';
import { announce, PHOTO_STATUSES, type PhotoPhase, partOf, photoSlot, rejectionText, shownPhase, state, viewHint, viewName } from './capture-state.js';
import { openCamera, outlineUrl, send, takePhoto } from './capture-upload.js';
import { renderVin, vinPanel } from './capture-vin.js';
import { h } from './ui.js';

const BADGES: Record<PhotoPhase, string> = {
  empty: 'photo.todo',
  preparing: 'photo.preparing',
  uploading: 'photo.sending',
  checking: 'photo.checking',
  accepted: 'photo.accepted',
  rejected: 'photo.rejected',
  failed: 'photo.notSent',
};

/** One view: built once, then updated in place so focus, file inputs and typed text survive every update. */
export function photoItem(code: number): HTMLLIElement {
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

/** Under an accepted exterior photo the vehicle check flagged: the question, retake or keep. */
function vehicleAdvice(code: number): HTMLDivElement {
  const retake = h('button', { type: 'button', class: 'button primary' }, t('vehicle.retake'));
  retake.addEventListener('click', () => void openCamera(code));
  const keep = h('button', { type: 'button', class: 'button' }, t('vehicle.keep'));
  keep.addEventListener('click', () => {
    photoSlot(code).vehicleKept = true;
    announce(t('vehicle.kept'));
    renderPhotoItem(code);
    moveOnFrom(code);
  });
  return h(
    'div',
    { class: 'vehicle-advice', 'data-role': 'vehicle-advice', role: 'group', 'aria-labelledby': `photo-${code}-vehicle`, hidden: true },
    h('p', { id: `photo-${code}-vehicle` }, t('vehicle.question')),
    h('div', { class: 'photo-actions' }, retake, keep),
  );
}

function fileInput(code: number, id: string, useCamera: boolean): HTMLInputElement {
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

function thumbnailUrl(url: string | null): string | null {
  return url ? `${url}?size=thumb` : null;
}

/** Updates a view's item from its slot (capture-state.ts's renderPhoto). */
export function renderPhotoItem(code: number): void {
  const item = document.getElementById(`photo-${code}`);
  if (!item) return;
  const slot = photoSlot(code);
  const phase = shownPhase(slot);
  const keptAfterRetake = phase === 'accepted' && slot.phase === 'rejected';
  const part = (role: string) => partOf(item, `[data-role="${role}"]`);
  item.dataset.state = phase;
  part('badge').textContent = t(BADGES[phase]);
  const thumb = partOf<HTMLImageElement>(item, '.thumb');
  const shown = keptAfterRetake && slot.accepted ? slot.accepted : slot;
  const source = phase === 'empty' ? null : phase === 'failed' || phase === 'preparing' ? slot.preview : (shown.preview ?? thumbnailUrl(shown.url));
  if (source && thumb.getAttribute('src') !== source) thumb.src = source;
  thumb.hidden = !source;
  partOf(item, '.guide').hidden = Boolean(source);
  const verdicts: Record<PhotoPhase, string> = {
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
  const progress = partOf<HTMLProgressElement>(item, 'progress');
  if (phase === 'checking') progress.removeAttribute('value');
  else progress.value = slot.progress;
  // Any view can be (re)taken until the inspection is confirmed, whenever nothing is on its way for it.
  const canCapture = PHOTO_STATUSES.includes(state.status) && !slot.inFlight;
  part('actions').hidden = !canCapture;
  for (const input of item.querySelectorAll<HTMLInputElement>('input[type=file]')) input.disabled = !canCapture;
  part('take').textContent = t(phase === 'empty' ? 'photo.take' : 'photo.retake');
  const canSendAgain = phase === 'failed' && Boolean(slot.pending);
  part('take').classList.toggle('primary', phase !== 'accepted' && !canSendAgain);
  part('send-again').hidden = !canSendAgain;
  if (code === VIN_PHOTO_CODE) renderVin(item, phase);
  if (code === CLUSTER_PHOTO_CODE) renderOdometer(item, phase);
  const advice = item.querySelector('[data-role="vehicle-advice"]');
  if (advice instanceof HTMLElement) advice.hidden = !(canCapture && phase === 'accepted' && !keptAfterRetake && slot.vehicleCheck && !slot.vehicleKept);
}

/**
 * After a view's photo is accepted the list moves on: the next view still to do comes into view and its Take button
 * takes the focus — unless the person is busy elsewhere (typing a note) or must still check the VIN just read; the
 * odometer step of the cluster photo takes it first. Returns whether the focus moved (capture-state.ts's advanceFrom).
 */
export function moveOnFrom(code: number): boolean {
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
  nextItem.querySelector<HTMLElement>('[data-role="take"]')?.focus({ preventScroll: true });
  return true;
}
