// The words staff read for the codes the service works with (docs/staff.md): statuses, events, roles, review modes,
// themes, languages, and the view each photo shows. The dashboard asks the server for them (GraphQL `dashboardSettings`),
// so a code never reaches a person as "SESSION:STAGE_CHANGE" and no page keeps a copy that could drift.
import type { SessionStatus } from './statuses.js';
import type { CaptureLanguage } from './languages.js';
import type { VehicleItem } from './damage-catalog.js';
import type { PhotoCode } from './themes.js';

/** Statuses as staff say them; the code stays in a tooltip. */
export const STATUS_WORDS: Readonly<Record<SessionStatus, string>> = Object.freeze({
  IDLE: 'Link not opened',
  STARTED: 'Waiting for photos',
  PROCESS: 'Photos coming in',
  QC_PASSED: 'Photos approved',
  CONFIRM: 'Confirmed',
  COMPLETE: 'Report ready',
  EXPIRED: 'Expired',
});

/** A confirmed session whose review a person has still to complete (manual review mode): the review queue. */
export const AWAITING_REVIEW_WORDS = 'Awaiting review';

/** Every event a session's timeline can show, in words. */
export const EVENT_WORDS: Readonly<Record<string, string>> = Object.freeze({
  'SESSION:STATUS_CHANGE': 'Status changed',
  'SESSION:STAGE_CHANGE': 'Photo checked',
  'SESSION:NOTE_INSERT': 'Note added',
  'SESSION:COMPLETE': 'Report ready',
  'SESSION:SMS_PROCESS': 'Text message',
  'SESSION:EXPIRED': 'Expired',
  'SESSION:REPORT_REVISED': 'Report revised',
});

export const ROLE_WORDS = Object.freeze({
  owner: { label: 'Owner', description: 'Everything, including callbacks, deliveries and people.' },
  inspector: { label: 'Inspector', description: 'Reads sessions, adds notes and damages, completes reviews.' },
  viewer: { label: 'Viewer', description: 'Reads sessions, photos, notes and reports.' },
} as const);

/** The account's review modes (docs/staff.md), as the owner chooses between them. */
export const REVIEW_MODE_WORDS = Object.freeze({
  manual: { label: 'A person reviews', description: 'Each confirmed inspection waits in the review queue until an inspector or owner completes it.' },
  auto: { label: 'Automatic', description: 'The report is made as soon as the photos are confirmed (with the damage detector’s findings, if one is set up).' },
} as const);

/** Each language by its own name, as a person choosing it looks for it. */
export const LANGUAGE_NAMES: Readonly<Record<CaptureLanguage, string>> = Object.freeze({
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
});

/**
 * The part a damage seen on each view most likely is: the review form starts there instead of at the top of the
 * list. Left is the driver's side (left-hand-drive markets, as the capture page says).
 */
export const VIEW_DEFAULT_ITEM: Readonly<Record<PhotoCode, VehicleItem>> = Object.freeze({
  1: 'windshield',
  2: 'front_seats',
  3: 'instrument_cluster',
  4: 'left_front_door',
  5: 'front_bumper',
  6: 'left_front_tire',
  7: 'right_front_door',
  8: 'rear_bumper',
  9: 'windshield',
  10: 'left_front_fender',
  11: 'right_front_fender',
  12: 'right_rear_quarter_panel',
  13: 'left_rear_quarter_panel',
});
