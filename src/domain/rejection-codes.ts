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
export const RejectionCodeSchema = z.enum(REJECTION_CODES).meta({ id: 'RejectionCode', description: 'Why quality control rejected a photo.' });
