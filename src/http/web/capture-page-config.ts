// The constants the capture page shares with the server, written into capture.html's configuration data block at
// start-up, so the page never carries its own copy of a rule the server enforces.
import { SESSION_KEY_PATTERN } from '../../domain/identifiers.js';
import { CAPTURE_LANGUAGES } from '../../domain/languages.js';
import { MAX_PHOTO_BYTES } from '../../inspections/photo-limits.js';
import { NOTE_DESCRIPTION_MAX, NOTE_TITLE_MAX } from '../../domain/notes.js';

const CONFIG_BLOCK = /(<script type="application\/json" id="capture-config">)[\s\S]*?(<\/script>)/;

export interface CapturePageConfig {
  sessionKeyPattern: string;
  languages: readonly string[];
  maxPhotoBytes: number;
  noteTitleMax: number;
  noteDescriptionMax: number;
}

export const CAPTURE_PAGE_CONFIG: CapturePageConfig = {
  sessionKeyPattern: SESSION_KEY_PATTERN.source,
  languages: CAPTURE_LANGUAGES,
  maxPhotoBytes: MAX_PHOTO_BYTES,
  noteTitleMax: NOTE_TITLE_MAX,
  noteDescriptionMax: NOTE_DESCRIPTION_MAX,
};

/** capture.html with its configuration block filled; throws when the page has no such block. */
export function withCapturePageConfig(html: string, config: CapturePageConfig = CAPTURE_PAGE_CONFIG): string {
  if (!CONFIG_BLOCK.test(html)) throw new Error('capture.html has no <script type="application/json" id="capture-config"> block.');
  // `<` is escaped so that no value can close the block.
  return html.replace(CONFIG_BLOCK, (_whole, open: string, close: string) => `${open}${JSON.stringify(config).replace(/</g, '\\u003c')}${close}`);
}
