// The capture screen's extras: the phone's location, and notes the person adds (one typed but not added goes with
// the confirmation).
import { credentials, sessionKey } from './capture-context.js';
import { t } from './capture-i18n.js';
import { ADD_NOTE, SET_LOCATION } from './capture-operations.js';
import { announce, expire, isExpired, rememberNote, render, state } from './capture-state.js';
import { graphqlRequest } from './graphql-client.js';
import { byId, errorMessage, fill, h } from './ui.js';

export function renderLocation(): void {
  const text = byId('location-text');
  const button = byId('location-button');
  if (state.location) {
    const accuracy = state.location.accuracy;
    text.textContent = accuracy === null || accuracy === undefined ? t('location.added') : t('location.addedWithin', { meters: Math.round(accuracy) });
    button.textContent = t('location.update');
  }
}

export function shareLocation(): void {
  const text = byId('location-text');
  const button = byId<HTMLButtonElement>('location-button');
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

export function renderNotes(): void {
  const list = byId('notes-list');
  const notes = [...state.notes.values()];
  if (list.childElementCount === notes.length) return;
  fill(
    list,
    notes.map((note) => h('li', { class: 'note' }, h('p', { class: 'note-title' }, note.title), h('p', { class: 'note-text' }, note.description))),
  );
}

export async function submitNote(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const title = byId<HTMLInputElement>('note-title');
  const description = byId<HTMLTextAreaElement>('note-description');
  const error = byId('note-error');
  const button = (event.target as HTMLFormElement).querySelector('button[type=submit]') as HTMLButtonElement;
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

async function addNote(title: string, description: string): Promise<void> {
  const data = await graphqlRequest(ADD_NOTE, { sessionKey, title, description }, credentials);
  rememberNote(data.addNote);
  byId<HTMLInputElement>('note-title').value = '';
  byId<HTMLTextAreaElement>('note-description').value = '';
}

/** Adds what is typed in the note form, if anything; false (with the error shown) when that failed. */
export async function savePendingNote(): Promise<boolean> {
  const title = byId<HTMLInputElement>('note-title').value.trim();
  const description = byId<HTMLTextAreaElement>('note-description').value.trim();
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
