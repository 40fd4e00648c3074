// Under the accepted VIN photo: the VIN read (or typed), to check and correct; a form to type it when none was read.
import { credentials, sessionKey, VIN_PHOTO_CODE } from './capture-context.js';
import { t } from './capture-i18n.js';
import { SET_VIN } from './capture-operations.js';
import { announce, expire, isExpired, PHOTO_STATUSES, type PhotoPhase, partOf, render, renderPhoto, state } from './capture-state.js';
import { GraphQLRequestError, graphqlRequest } from './graphql-client.js';
import { byId, errorMessage, h } from './ui.js';

export function vinPanel(): HTMLDivElement {
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

/** Once the VIN photo is accepted: the VIN read or typed, to check; a form when none could be read. */
export function renderVin(item: HTMLElement, phase: PhotoPhase): void {
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

async function saveVin(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const input = byId<HTMLInputElement>('vin-input');
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
