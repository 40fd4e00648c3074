// Once the cluster photo is accepted (docs/capture.md#odometer-reading): the reading the server suggests, to confirm or
// correct, or a field to type it when nothing was read. A suggestion, never a blocker: the person may skip it and come
// back to it until the inspection is confirmed.
import { CLUSTER_PHOTO_CODE, credentials, sessionKey } from './capture-context.js';
import { language, t } from './capture-i18n.js';
import { SET_ODOMETER } from './capture-operations.js';
import { refreshSession } from './capture-session.js';
import {
  advanceFrom,
  announce,
  expire,
  isExpired,
  type OdometerUnit,
  PHOTO_STATUSES,
  type PhotoPhase,
  partOf,
  photoSlot,
  renderPhoto,
  shownPhase,
  state,
} from './capture-state.js';
import { GraphQLRequestError, graphqlRequest } from './graphql-client.js';
import { byId, errorMessage, h } from './ui.js';

const ODOMETER_UNITS: OdometerUnit[] = ['KM', 'MI'];
/** Where odometers count miles: an English session on a phone set to one of these starts in miles. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);
/** The largest whole number GraphQL's Int carries: anything longer is no reading (the server judges the rest). */
const GRAPHQL_INT_MAX = 2 ** 31 - 1;

type OdometerMode = 'question' | 'typing' | 'stored' | 'skipped';

export function odometerPanel(): HTMLDivElement {
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
  const button = (id: string, key: string, onClick: () => void, primary = false) =>
    h('button', { type: 'button', id, class: primary ? 'button primary' : 'button', onClick }, t(key));
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

/** What the odometer step shows: the question on a suggestion, the field, the reading stored, or that it was skipped. */
function odometerMode(): OdometerMode | null {
  if (!PHOTO_STATUSES.includes(state.status)) return state.odometer ? 'stored' : null;
  if (state.odometerStep === 'typing') return 'typing';
  if (state.odometer) return 'stored';
  if (state.odometerStep === 'skipped') return 'skipped';
  return photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested === null ? 'typing' : 'question';
}

/** Whether the accepted cluster photo's step waits for the person: asked, not answered, not skipped. */
export function odometerAsked(): boolean {
  const mode = odometerMode();
  return shownPhase(photoSlot(CLUSTER_PHOTO_CODE)) === 'accepted' && (mode === 'question' || mode === 'typing');
}

function odometerUnit(): OdometerUnit {
  if (state.odometerUnit) return state.odometerUnit;
  if (state.odometer) return state.odometer.unit;
  if (language !== 'en') return 'KM';
  const region = navigator.languages.map((tag) => /-([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase()).find(Boolean);
  return region && MILE_REGIONS.has(region) ? 'MI' : 'KM';
}

/** "48,213 km" in the page language's way of writing numbers. */
function odometerWords(reading: number, unit: OdometerUnit): { reading: string; unit: string } {
  return { reading: new Intl.NumberFormat(language).format(reading), unit: unit.toLowerCase() };
}

export function renderOdometer(item: HTMLElement, phase: PhotoPhase): void {
  const mode = odometerMode();
  const panel = partOf(item, '#odo-panel');
  panel.hidden = phase !== 'accepted' || mode === null;
  const suggested = photoSlot(CLUSTER_PHOTO_CODE).odometerSuggested;
  const unit = odometerUnit();
  const texts: Record<OdometerMode, string> = {
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
  for (const unitChoice of ODOMETER_UNITS) byId<HTMLInputElement>(`odo-unit-${unitChoice}`).checked = unitChoice === unit;
  byId('odo-confirm').hidden = mode !== 'question';
  byId('odo-correct').hidden = mode !== 'question';
  byId('odo-save').hidden = mode !== 'typing';
  byId('odo-skip').textContent = t(state.odometer ? 'odometer.cancel' : 'odometer.skip');
  for (const control of panel.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) control.disabled = state.savingOdometer;
  const change = byId('odo-change');
  change.hidden = !PHOTO_STATUSES.includes(state.status) || (mode !== 'stored' && mode !== 'skipped');
  change.textContent = t(mode === 'skipped' ? 'odometer.add' : 'odometer.change');
}

/** Focuses the first control of the step: Confirm on a suggestion, else the field. */
export function focusOdometerStep(): boolean {
  const target = byId(odometerMode() === 'question' ? 'odo-confirm' : 'odo-input');
  target.focus();
  return true;
}

function chooseOdometerUnit(unit: OdometerUnit): void {
  state.odometerUnit = unit;
  renderPhoto(CLUSTER_PHOTO_CODE);
}

/** Opens the field with `reading` in it, to correct it. */
function openOdometerField(reading: number | null): void {
  state.odometerStep = 'typing';
  const input = byId<HTMLInputElement>('odo-input');
  input.value = reading === null ? '' : String(reading);
  renderPhoto(CLUSTER_PHOTO_CODE);
  input.focus();
  input.select();
}

/** Skips the step (or, with a reading stored, leaves it as it is); the list moves on to the next view. */
function skipOdometer(): void {
  if (!state.odometer) announce(t('odometer.skipped'));
  state.odometerStep = state.odometer ? 'asked' : 'skipped';
  showOdometerError(null);
  renderPhoto(CLUSTER_PHOTO_CODE);
  moveOnFromOdometer();
}

function moveOnFromOdometer(): void {
  if (!advanceFrom(CLUSTER_PHOTO_CODE)) byId('odo-change').focus();
}

/** The typed reading as a whole number: digits, grouped by thousands or not ("48,213", "48 213"); null otherwise. */
function typedOdometer(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$|^\d{1,3}(?:[,.'’\s]\d{3})+$/.test(value)) return null;
  const reading = Number(value.replace(/\D/g, ''));
  return reading <= GRAPHQL_INT_MAX ? reading : null;
}

async function saveTypedOdometer(): Promise<void> {
  const reading = typedOdometer(byId<HTMLInputElement>('odo-input').value);
  if (reading === null) return showOdometerError(t('odometer.invalid'));
  await saveOdometer(reading);
}

/** Shows what went wrong under the field (which keeps what was typed), or hides it with null. */
function showOdometerError(message: string | null): void {
  const error = byId('odo-error');
  const input = byId('odo-input');
  error.textContent = message ?? '';
  error.hidden = message === null;
  if (message === null) return input.removeAttribute('aria-invalid');
  input.setAttribute('aria-invalid', 'true');
  if (!byId('odo-typing').hidden) input.focus();
}

/** Stores the reading in the chosen unit (setOdometer); the server tells whether it is the photo's reading. */
async function saveOdometer(reading: number | null): Promise<void> {
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
    byId<HTMLInputElement>('odo-input').value = '';
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
