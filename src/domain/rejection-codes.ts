// Why a capture was rejected, as a stable code (docs/capture.md): the photos list, GraphQL, OpenAPI and the capture
// page's message catalogs all derive from this one list; the English reason beside it stays for webhooks.
import { z } from 'zod';

export const REJECTION_CODES = [
  'TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'UNREADABLE',
  'TOO_MANY_PIXELS',
  'TOO_SMALL',
  'TOO_DARK',
  'TOO_BRIGHT',
  'BLURRY',
  'DUPLICATE',
  // The vehicle check with VEHICLE_CHECK=reject (docs/capture.md#vehicle-check).
  'NO_VEHICLE',
  'VEHICLE_CUT_OFF',
  'TOO_FAR',
] as const;

export type RejectionCode = (typeof REJECTION_CODES)[number];

/** What each code means, in the order quality control checks (docs/capture.md); GraphQL describes its enum with it. */
export const REJECTION_CODE_MEANINGS: Readonly<Record<RejectionCode, string>> = {
  TOO_LARGE: 'The file is larger than the size limit (15 MB by default).',
  UNSUPPORTED_TYPE: 'Not a JPEG, PNG or WebP image, judged by its content, not its name.',
  UNREADABLE: 'The file cannot be decoded as an image; an empty upload too.',
  TOO_MANY_PIXELS: 'More pixels than MAX_PHOTO_MEGAPIXELS allows (50 megapixels by default), refused before decoding.',
  TOO_SMALL: 'Smaller than the minimum width and height after EXIF rotation (1024 × 768 by default).',
  TOO_DARK: 'Too dark: the mean brightness is too low, or too many pixels are crushed black.',
  TOO_BRIGHT: 'Too bright: the mean brightness is too high, or too many pixels are blown white.',
  BLURRY: 'Not sharp enough: blurred, shaken or a featureless picture.',
  DUPLICATE: 'The same picture as an accepted photo of another view of the session.',
  NO_VEHICLE: 'No vehicle found on an exterior view (vehicle check, VEHICLE_CHECK=reject only).',
  VEHICLE_CUT_OFF: 'The vehicle runs past the edge of an exterior view (vehicle check, VEHICLE_CHECK=reject only).',
  TOO_FAR: 'The vehicle is too small in an exterior view: step closer (vehicle check, VEHICLE_CHECK=reject only).',
};
export const RejectionCodeSchema = z.enum(REJECTION_CODES).meta({ id: 'RejectionCode', description: 'Why quality control rejected a photo.' });
