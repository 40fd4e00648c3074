// What a condition report shows, derived from the results object and the session's notes. Pure: both the HTML
// and the PDF renderer draw this model, so they can never disagree. The model is bounded (REPORT_LIMITS): whatever
// a session holds, a report lays out in bounded time and pages.
import { API_ACTOR, type SessionResults } from '../domain/results.js';
import { isGrade } from '../domain/grading.js';
import { isTheme, THEMES } from '../domain/themes.js';
import { reportWords, say, type ReportWords } from './report-words.js';

/** The most a report shows; what is left out is counted ("… and 150 more notes"). */
export const REPORT_LIMITS = Object.freeze({
  notes: 40,
  noteTitleChars: 120,
  noteDescriptionChars: 1200,
  noteUserChars: 60,
  damages: 100,
  damageTextChars: 100,
  photos: 40,
});

export interface ReportNoteInput {
  title: string;
  description: string;
  user: string;
  createdAt: Date;
}

export interface ReportNote {
  title: string;
  description: string;
  user: string;
  /** Human-readable, with its time zone. */
  createdAt: string;
}

export interface ReportPhoto {
  /** 1..n in report order, never the photo code (views are named, not numbered). */
  number: number;
  /** The photo code, to find its thumbnail. */
  code: number;
  view: string;
  url: string;
  approved: boolean;
  message: string;
}

/** Whose report it is: the account's display name, colour and logo (docs/staff.md). */
export interface ReportBrand {
  name: string;
  /** The account's logo at its public URL, or null (the PDF embeds the same image's bytes). */
  logoUrl: string | null;
  /** `#rrggbb`. */
  color: string;
  /** What reads on that colour: white on dark ones, ink on light ones. */
  textColor: string;
}

/** The colour of a report whose account chose none. */
export const DEFAULT_BRAND_COLOR = '#12385c';

export interface ReportDamage {
  item: string;
  damage: string;
  grade: number;
  /** The view it was marked on ('' when none). */
  photo: string;
  photoCode: number | null;
  /** The box on that photo, in fractions of its width and height. */
  region: { x: number; y: number; width: number; height: number } | null;
  source: string;
}

export interface ConditionReport {
  /** The session's language: every label of the report is written in it (docs/staff.md "Languages"). */
  words: ReportWords;
  brand: ReportBrand;
  /** Views the damage detector could not analyse (it was down or timed out): the report says so. */
  unanalysedPhotos: string[];
  /** Who completed the review and when (human-readable), or null when nobody did. */
  review: { by: string; at: string } | null;
  /** The report's revision when a corrected review made it (2 and up; docs/staff.md "Review revisions"), else null. */
  revision: number | null;
  sessionKey: string;
  /** The theme in words, with its number of photos. */
  theme: string;
  title: string;
  /** When this document was produced, human-readable with its time zone. */
  generatedAt: string;
  vehicleRows: [string, string][];
  /** The vehicle's own values (VIN, year, make, …), without what the service found: the PDF's keywords. */
  vehicleKeywords: string[];
  /** Null without a damage inspection (CAPT); value null when nobody assessed the vehicle (name "Not assessed"). */
  overallGrade: { value: number | null; name: string } | null;
  totalDamages: number | null;
  damages: ReportDamage[];
  omittedDamages: number;
  maxGradePerItem: [string, number][];
  photos: ReportPhoto[];
  omittedPhotos: number;
  location: { latitude: number; longitude: number; accuracy: number | null; capturedAt: string } | null;
  /** The newest notes, oldest first. */
  notes: ReportNote[];
  omittedNotes: number;
  timeline: [string, string][];
}

/** The vehicle fields a report lists, in order; each is labelled by `report.field.<name>` of the catalogs. */
const VEHICLE_FIELDS = ['vin', 'year', 'make', 'model', 'body_type', 'trim', 'transmission', 'ext_col', 'int_col', 'odom_reading'] as const;
const VEHICLE_VALUE_CHARS = 100;

/**
 * What the VIN says the vehicle is (docs/capture.md "VIN decode"), flagged when the year, make or model the integrator
 * gave contradicts it; null when there is no decode or it names nothing.
 */
function decodedVehicleRow(vehicle: Record<string, unknown>, words: ReportWords): [string, string] | null {
  const decoded = vehicle.decoded as { year?: unknown; make?: unknown; model?: unknown; trim?: unknown } | null | undefined;
  if (!decoded) return null;
  const named = truncate(
    [decoded.year, decoded.make, decoded.model, decoded.trim].filter((part) => part !== null && part !== undefined && part !== '').join(' '),
    VEHICLE_VALUE_CHARS,
  );
  if (!named) return null;
  return [say(words, 'report.field.vinDecoded'), vehicle.details_match === false ? say(words, 'report.detailsMismatch', { decoded: named }) : named];
}

/** The theme as the report's reader understands it ("quick inspection, 6 photos"), not its API name. */
function themeWords(theme: string, words: ReportWords): string {
  return isTheme(theme) ? say(words, `report.theme.${theme}`, { count: THEMES[theme].photoCodes.length }) : theme;
}

/** A reading in the session's locale ("48,213 km", "61.000 mi"), so the given and the captured one read alike. */
function odometerText(reading: number, unit: unknown, words: ReportWords): string {
  return `${reading.toLocaleString(words.locale)} ${typeof unit === 'string' ? unit : ''}`.trim();
}

/**
 * The odometer the person confirmed or typed (docs/capture.md#odometer-reading), flagged when it does not match the
 * integrator's reading; null when none was captured.
 */
function capturedOdometerRow(vehicle: Record<string, unknown>, words: ReportWords): [string, string] | null {
  const captured = vehicle.odom_captured as { reading: number; unit: string } | null | undefined;
  if (!captured) return null;
  const reading = odometerText(captured.reading, captured.unit, words);
  return [say(words, 'report.field.odomCaptured'), vehicle.odom_match === false ? say(words, 'report.odomMismatch', { reading }) : reading];
}

/** `notes.newest`: the session's newest notes, in any order (the report keeps REPORT_LIMITS.notes); `total`: all it holds. */
export function buildConditionReport(
  results: SessionResults,
  notes: { newest: readonly ReportNoteInput[]; total: number },
  generatedAt: Date,
  {
    brand = { name: 'capture-gateway', color: DEFAULT_BRAND_COLOR },
    unanalysedPhotoCodes = [],
    words = reportWords('en'),
    reviewerName,
  }: {
    brand?: Pick<ReportBrand, 'name' | 'color'> & Partial<Pick<ReportBrand, 'logoUrl'>>;
    unanalysedPhotoCodes?: readonly number[];
    words?: ReportWords;
    /** The reviewer's name when the person is known; otherwise the report shows `reviewed_by` (or the dealer, for `api`). */
    reviewerName?: string;
  } = {},
): ConditionReport {
  const vehicle = results.vehicle as unknown as Record<string, unknown>;
  const vehicleRows = VEHICLE_FIELDS.filter((key) => vehicle[key] !== null && vehicle[key] !== undefined).map((key): [string, string] => [
    say(words, `report.field.${key}`),
    truncate(key === 'odom_reading' ? odometerText(vehicle[key] as number, vehicle.odom_unit, words) : String(vehicle[key]), VEHICLE_VALUE_CHARS),
  ]);
  const vehicleKeywords = vehicleRows.map(([, value]) => value);
  if (typeof vehicle.vin_captured === 'string') {
    const vin = vehicle.vin_captured;
    const captured =
      vehicle.vin_match === true ? say(words, 'report.vinMatches', { vin }) : vehicle.vin_match === false ? say(words, 'report.vinMismatch', { vin }) : vin;
    vehicleRows.push([say(words, 'report.field.vinCaptured'), captured]);
  }
  const decodedRow = decodedVehicleRow(vehicle, words);
  if (decodedRow) vehicleRows.push(decodedRow);
  const odometerRow = capturedOdometerRow(vehicle, words);
  if (odometerRow) vehicleRows.push(odometerRow);
  const describedVehicle = truncate(
    [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== undefined).join(' '),
    VEHICLE_VALUE_CHARS,
  );
  const inspection = results.inspection;
  const viewName = (code: number, label: string) => words.messages[`view.${code}.name`] ?? humanise(label);
  const views = new Map(results.photos.map((photo) => [photo.photo_code, viewName(photo.photo_code, photo.photo_label)]));
  const itemName = (item: string) => words.messages[`item.${item}`] ?? humanise(item);
  const time = (at: Date) => formatTime(at, words.locale);
  const isoTime = (iso: string | null | undefined) => formatIsoTime(iso, words.locale);
  const duration = (seconds: number | null) => formatDuration(seconds, words);
  const damages = inspection?.damages ?? [];
  const newestNotes = [...notes.newest].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).slice(-REPORT_LIMITS.notes);
  return {
    words,
    brand: brandOf(brand),
    unanalysedPhotos: unanalysedPhotoCodes.map((code) => views.get(code) ?? String(code)),
    // A review completed over the API names no person: the reader sees the dealer, not the word "api".
    review: inspection?.reviewed_by
      ? {
          by: truncate(reviewerName ?? (inspection.reviewed_by === API_ACTOR ? brandOf(brand).name : inspection.reviewed_by), REPORT_LIMITS.noteUserChars),
          at: isoTime(inspection.reviewed_at),
        }
      : null,
    revision: (results.report?.revision ?? 1) > 1 ? (results.report?.revision as number) : null,
    sessionKey: results.session.session_key,
    theme: themeWords(results.session.theme, words),
    title: describedVehicle
      ? say(words, 'report.titleVehicle', { vehicle: describedVehicle })
      : say(words, 'report.titleSession', { session: results.session.session_key }),
    generatedAt: time(generatedAt),
    vehicleRows,
    vehicleKeywords,
    overallGrade: !inspection
      ? null
      : isGrade(inspection.grade) && inspection.assessment !== 'NOT_ASSESSED'
        ? { value: inspection.grade, name: say(words, `grade.${inspection.grade}`) }
        : { value: null, name: say(words, 'report.notAssessed') },
    totalDamages: inspection ? inspection.total_damages : null,
    damages: damages.slice(0, REPORT_LIMITS.damages).map((damage) => ({
      item: truncate(itemName(damage.item), REPORT_LIMITS.damageTextChars),
      damage: truncate(words.messages[`damage.${damage.damage_type}`] ?? damage.damage, REPORT_LIMITS.damageTextChars),
      grade: damage.grade,
      photo: damage.photo_code === null ? '' : (views.get(damage.photo_code) ?? ''),
      photoCode: damage.photo_code,
      region: damage.region ?? null,
      source: say(words, `report.source.${damage.source}`),
    })),
    omittedDamages: Math.max(0, damages.length - REPORT_LIMITS.damages),
    maxGradePerItem: Object.entries(inspection?.max_grade_per_item ?? {}).map(([item, grade]): [string, number] => [itemName(item), grade]),
    photos: results.photos.slice(0, REPORT_LIMITS.photos).map((photo, index) => ({
      number: index + 1,
      code: photo.photo_code,
      view: viewName(photo.photo_code, photo.photo_label),
      url: photo.url,
      approved: photo.approved,
      message: truncate(
        photo.approved
          ? say(words, 'report.photoAccepted')
          : say(words, 'report.photoRejected', { reason: photo.approved_message.replace(/^REJECTED:\s*/, '') }),
        REPORT_LIMITS.damageTextChars,
      ),
    })),
    omittedPhotos: Math.max(0, results.photos.length - REPORT_LIMITS.photos),
    location: results.location
      ? {
          latitude: results.location.latitude,
          longitude: results.location.longitude,
          accuracy: results.location.accuracy,
          capturedAt: isoTime(results.location.captured_at),
        }
      : null,
    notes: newestNotes.map((note) => ({
      title: truncate(note.title, REPORT_LIMITS.noteTitleChars),
      description: truncate(note.description, REPORT_LIMITS.noteDescriptionChars),
      user: truncate(note.user, REPORT_LIMITS.noteUserChars),
      createdAt: time(note.createdAt),
    })),
    omittedNotes: Math.max(0, notes.total - newestNotes.length),
    timeline: [
      [say(words, 'report.created'), isoTime(results.session.created_at)],
      [say(words, 'report.captureStarted'), isoTime(results.session.inspect_started_at)],
      [say(words, 'report.inspectionEnded'), isoTime(results.session.inspect_ended_at)],
      [say(words, 'report.captureDuration'), duration(results.session.capture_duration)],
      [say(words, 'report.inspectionDuration'), duration(results.session.inspect_duration)],
    ],
  };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "23 Nov 2026, 07:02 UTC" (en-GB), "23 nov 2026, 7:02 UTC" (es-ES): sessions carry no time zone of their own, so
 * every time is shown in UTC, saying so, in the report's locale.
 */
function formatTime(at: Date, locale: string): string {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(locale, format);
  }
  return `${format.format(at)} UTC`;
}

function formatIsoTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatTime(at, locale);
}

/** Cuts `text` to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "left_front_fender" → "Left front fender", "Front_Left" → "Front left"; acronyms such as "VIN" stay. */
function humanise(name: string): string {
  return name
    .split('_')
    .map((word, index) =>
      word.length > 1 && word === word.toUpperCase() ? word : index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word.toLowerCase(),
    )
    .join(' ');
}

function formatDuration(seconds: number | null, words: ReportWords): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? say(words, 'report.durationMinutes', { minutes, seconds: seconds % 60 }) : say(words, 'report.durationSeconds', { seconds });
}

function brandOf(brand: Pick<ReportBrand, 'name' | 'color'> & Partial<Pick<ReportBrand, 'logoUrl'>>): ReportBrand {
  const color = /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : DEFAULT_BRAND_COLOR;
  const [red, green, blue] = [1, 3, 5].map((index) => Number.parseInt(color.slice(index, index + 2), 16) / 255) as [number, number, number];
  const light = 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.55;
  return { name: truncate(brand.name, VEHICLE_VALUE_CHARS), logoUrl: brand.logoUrl ?? null, color, textColor: light ? '#1b1f24' : '#ffffff' };
}
