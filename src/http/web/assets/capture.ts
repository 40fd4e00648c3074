// The web capture app at /capture/<session_key>#<capture_token>: loads the session, then connects the buttons and
// the network's comings and goings to the modules that act on them. Every word comes from the session language's
// catalog (capture-i18n.ts); what the page holds is in capture-state.ts, drawn by capture-screens.ts and
// capture-photos.ts. The build bundles these modules into the page's one script (scripts/build-pages.ts).
import { CONFIG, captureToken, SESSION_KEY_PATTERN, sessionKey } from './capture-context.js';
import { browserLanguage, useLanguage } from './capture-i18n.js';
import { shareLocation, submitNote } from './capture-notes.js';
import { moveOnFrom, renderPhotoItem } from './capture-photos.js';
import { confirmInspection, openReport, renderPage, showProblem, showScreen, startCapture } from './capture-screens.js';
import { adoptSession, loadSession, openLiveUpdates, renderLiveState } from './capture-session.js';
import { type CaptureSession, drawWith, render, state } from './capture-state.js';
import { sendKeptPhotos } from './capture-upload.js';
import { GraphQLRequestError, NetworkError } from './graphql-client.js';
import './app.css';
import { byId } from './ui.js';

drawWith(renderPage, renderPhotoItem, moveOnFrom);

async function boot(): Promise<void> {
  state.problem = null;
  if (!SESSION_KEY_PATTERN.test(sessionKey)) return showProblem('unknown');
  if (!captureToken) return showProblem('incomplete');
  showScreen('loading');
  let session: CaptureSession;
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

async function showLoadError(error: unknown): Promise<void> {
  // No session, so no session language: the browser's, where the page speaks it.
  await useLanguage(browserLanguage());
  if (error instanceof GraphQLRequestError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')) return showProblem('unknown');
  if (error instanceof NetworkError) return showProblem('offline');
  return showProblem('error');
}

byId('start').addEventListener('click', () => void startCapture());
byId('confirm').addEventListener('click', () => void confirmInspection());
byId('jump-confirm').addEventListener('click', () => {
  byId('confirm').scrollIntoView({ block: 'center' });
  byId('confirm').focus();
});
byId('location-button').addEventListener('click', shareLocation);
// The server's note limits, so a note the page lets through is one the server takes.
byId<HTMLInputElement>('note-title').maxLength = CONFIG.noteTitleMax;
byId<HTMLTextAreaElement>('note-description').maxLength = CONFIG.noteDescriptionMax;
byId('note-form').addEventListener('submit', (event) => void submitNote(event as SubmitEvent));
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
