// What the capture page knows before it asks the server anything: the rules the server wrote into capture.html, and
// the session key and capture token of its address (/capture/<session_key>#<capture_token>). The token lives only in
// the URL fragment (never sent in a URL): it goes in the Capture-Token header over HTTP and in connectionParams over
// WebSocket.
import { byId } from './ui.js';

/** The capture-config JSON block the server writes into capture.html (src/http/web/capture-page-config.ts). */
interface CaptureConfig {
  sessionKeyPattern: string;
  languages: string[];
  maxPhotoBytes: number;
  noteTitleMax: number;
  noteDescriptionMax: number;
}

/** A message catalog (/capture/i18n/<lang>.json): key → text with {placeholders}. */
export type Catalog = Record<string, unknown>;

/** What capture.html's inline script starts before this script arrives (window.captureEarly). */
interface CaptureEarly {
  language: string;
  catalog: Promise<Catalog | null>;
  /** The answer to the session query, as text; null once the page took it, or when it was not sent or failed. */
  session: Promise<{ status: number; text: string } | null> | null;
}

declare global {
  interface Window {
    captureEarly?: CaptureEarly;
  }
}

/** Rules shared with the server, which writes them into capture.html. */
export const CONFIG: CaptureConfig = JSON.parse(byId('capture-config').textContent ?? '');
export const MAX_PHOTO_BYTES = CONFIG.maxPhotoBytes;
export const SESSION_KEY_PATTERN = new RegExp(CONFIG.sessionKeyPattern);
export const VIN_PHOTO_CODE = 1;
/** The instrument cluster, whose odometer the server reads (docs/capture.md#odometer-reading). */
export const CLUSTER_PHOTO_CODE = 3;
/** Views that frame the whole vehicle: the camera asks to fit it in the outline; on the others it says what to frame. */
export const WHOLE_VEHICLE_VIEWS = new Set([4, 5, 7, 8, 10, 11, 12, 13]);

export const sessionKey = safeDecode(location.pathname.split('/').filter(Boolean)[1] ?? '');
export const captureToken = location.hash.slice(1);
export const credentials = { 'Capture-Token': captureToken };

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
