// The page's screens and which one shows: loading, a problem, the welcome (Start), the capture (the views, location,
// notes, confirmation) and done (the report once it exists, the way back to the integrator's site).
import { credentials, sessionKey } from './capture-context.js';
import { browserLanguage, t, useLanguage } from './capture-i18n.js';
import { renderLocation, renderNotes, savePendingNote } from './capture-notes.js';
import { CONFIRM, START_CAPTURE } from './capture-operations.js';
import { photoItem, renderPhotoItem } from './capture-photos.js';
import { refreshSession, stopLiveUpdates } from './capture-session.js';
import {
  acceptedCount,
  announce,
  expire,
  isExpired,
  photoSlot,
  type Problem,
  type Screen,
  render,
  shownPhase,
  state,
  uploadsInFlight,
  viewName,
} from './capture-state.js';
import { GraphQLRequestError, graphqlRequest } from './graphql-client.js';
import { byId, errorMessage, fill, h, laterStatus, openDocument, vehicleFacts, vehicleTitle } from './ui.js';

const screens: Record<Screen, HTMLElement> = {
  loading: byId('screen-loading'),
  problem: byId('screen-problem'),
  welcome: byId('screen-welcome'),
  capture: byId('screen-capture'),
  done: byId('screen-done'),
};

/** Draws the page from the state (capture-state.ts's render). */
export function renderPage(): void {
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

export function showScreen(name: Screen): void {
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
function markInteractive(): void {
  if (interactiveMarked) return;
  interactiveMarked = true;
  // Read by the browser tests (navigation start → first usable screen).
  performance.mark('capture-interactive');
}

// ----------------------------------------------------------------------------------------------- problems

const PROBLEMS: Record<Problem, [string, string]> = {
  unknown: ['problem.notFound.title', 'problem.notFound.text'],
  incomplete: ['problem.incomplete.title', 'problem.incomplete.text'],
  expired: ['problem.expired.title', 'problem.expired.text'],
  offline: ['problem.offline.title', 'problem.offline.text'],
  error: ['problem.title', 'problem.generic'],
};

export async function showProblem(kind: Problem): Promise<void> {
  if (kind === 'unknown' || kind === 'incomplete') await useLanguage(browserLanguage());
  state.problem = kind;
  const [title, text] = PROBLEMS[kind] ?? PROBLEMS.error;
  byId('problem-title').textContent = t(title);
  byId('problem-text').textContent = t(text);
  byId('problem-retry').hidden = !(kind === 'offline' || kind === 'error');
  screens.problem.dataset.problem = kind;
  showScreen('problem');
}

// ------------------------------------------------------------------------------------------------ welcome

function renderVehicle(container: HTMLElement): void {
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

function renderWelcome(): void {
  renderVehicle(byId('welcome-vehicle'));
  const count = state.required.length;
  byId('welcome-summary').textContent = t('welcome.summary', { count, minutes: Math.max(3, Math.round(count * 0.7)) });
  const start = byId<HTMLButtonElement>('start');
  if (start.dataset.busy !== 'true') start.disabled = false;
}

export async function startCapture(): Promise<void> {
  const start = byId<HTMLButtonElement>('start');
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

// ------------------------------------------------------------------------------------------------ capture

function renderCapture(): void {
  const list = byId('photo-list');
  if (list.childElementCount !== state.required.length) {
    fill(
      list,
      state.required.map((photo) => photoItem(photo.photoCode)),
    );
  }
  for (const photo of state.required) renderPhotoItem(photo.photoCode);
  const accepted = acceptedCount();
  const total = state.required.length;
  byId('progress-text').textContent = t('progress.count', { accepted, total });
  const progress = byId<HTMLProgressElement>('progress');
  progress.max = Math.max(total, 1);
  progress.value = accepted;
  const next = state.required.find((photo) => shownPhase(photoSlot(photo.photoCode)) !== 'accepted');
  byId('progress-next').textContent = next ? t('progress.next', { view: viewName(next.photoCode) }) : '';
  renderLocation();
  renderNotes();
  renderConfirm(total - accepted);
}

function renderConfirm(remaining: number): void {
  const confirm = byId<HTMLButtonElement>('confirm');
  const ready = state.status === 'QC_PASSED' && !uploadsInFlight();
  confirm.disabled = !ready || state.confirming;
  confirm.textContent = t(state.confirming ? 'confirm.sending' : 'confirm.button');
  byId('jump-confirm').hidden = !ready;
  byId('confirm-help').textContent = ready ? t('confirm.ready') : t('confirm.remaining', { remaining });
}

export async function confirmInspection(): Promise<void> {
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

// --------------------------------------------------------------------------------------------------- done

function renderDone(): void {
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

export async function openReport(kind: 'pdf' | 'view'): Promise<void> {
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
