// The account's logo (docs/staff.md "Account settings by the owner"): what an upload may be, what the service keeps of
// it, and how its public address is named. Free of I/O; the re-encoding is accounts/account-logos.ts.

/** The most an uploaded logo may weigh; anything larger is refused with 400, nothing kept. */
export const MAX_LOGO_BYTES = 256 * 1024;

/**
 * The kept logo fits inside this box (never enlarged): the capture page's bar and the report's band draw it at most
 * 64 px high, so this leaves room for screens of twice the density without keeping a photograph's worth of pixels.
 */
export const LOGO_BOX = Object.freeze({ width: 480, height: 160 });

/** An upload with more pixels than this is refused before it is decoded (a small file can declare a huge picture). */
export const MAX_LOGO_INPUT_PIXELS = 4096 * 4096;

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const EXTENSION: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** Where logos are served: `/logos/<token>.<png|jpg>`, a random token per upload, never an account's name. */
export const LOGO_PATH_PREFIX = '/logos';

/** A logo's served file name: its random token and the extension of its type. */
export function logoFileName(token: string, type: LogoType): string {
  return `${token}.${EXTENSION[type]}`;
}

/** The token and type a served file name names, or null for a name no logo could have. */
export function parseLogoFileName(name: string): { token: string; type: LogoType } | null {
  const match = /^([A-Za-z0-9_-]{32})\.(png|jpg)$/.exec(name);
  if (!match) return null;
  return { token: match[1] as string, type: match[2] === 'png' ? 'image/png' : 'image/jpeg' };
}

/** The logo's own key in the file store, under the account's id, so no two accounts' files can ever share a name. */
export function logoFileKey(accountId: string, fileName: string): string {
  return `logos/${accountId}/${fileName}`;
}

export const LOGO_REFUSALS = Object.freeze({
  missing: 'Send the logo as the request body: a PNG or JPEG image of at most 256 KB.',
  tooLarge: `The logo must be at most ${MAX_LOGO_BYTES / 1024} KB.`,
  wrongType: 'The logo must be a PNG or JPEG image (SVG, GIF, WebP and other types are not accepted).',
  tooManyPixels: `The logo must be at most ${Math.sqrt(MAX_LOGO_INPUT_PIXELS)} × ${Math.sqrt(MAX_LOGO_INPUT_PIXELS)} pixels.`,
  unreadable: 'The logo could not be read as an image.',
});
