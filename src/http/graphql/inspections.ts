// Inspection sessions in GraphQL: the session type, its queries, and the integrator's mutations. Create and update
// take typed inputs (session-inputs.ts), turned into the REST bodies and checked by the same use cases and schemas.
import { inWalkAroundOrder } from '../../domain/walk-around.js';
import { builder, connectionOf } from './builder.js';
import { captureLinkViewer, isCaptureScope, requireAccount, requireReadableSession, type GraphQLContext } from './context.js';
import { AppError } from '../../errors.js';
import { sessionCapturedVin } from '../../domain/vin.js';
import { GUEST_NOTE_USER, guestVehicle, type GuestBrand } from '../../domain/capture-scope.js';
import {
  NoteSchema,
  optionsView,
  photoView,
  noteView,
  PhotoSchema,
  reviewView,
  SessionSchema,
  type damageView,
  type SessionReviewView,
} from '../../inspections/representation.js';
import { asIs, describedValues, descriptionOf, SESSION_KEY_ARG, upperCased } from './descriptions.js';
import { createSessionBody, CreateInspectionSessionInput, updateSessionBody, UpdateInspectionSessionInput } from './session-inputs.js';
import {
  DAMAGE_RECORD_STATUS_MEANINGS,
  DAMAGE_RECORD_STATUSES,
  DamageSchema,
  gradeName,
  overallGrade,
  type DamageRegion as DamageRegionValue,
  type Grade,
} from '../../domain/grading.js';
import { damageCatalog, type DamageCatalog } from '../../domain/damage-catalog.js';
import type { InspectionSessionRecord, SessionCreator } from '../../inspections/session-service.js';
import { photoHint, photoLabel, requiredPhotoCodes, ThemeSchema } from '../../domain/themes.js';
import { expiresWhenIdle, SESSION_STATUS_MEANINGS, SESSION_STATUSES } from '../../domain/statuses.js';
import { REJECTION_CODE_MEANINGS, REJECTION_CODES, RejectionCodeSchema } from '../../domain/rejection-codes.js';
import { VEHICLE_CHECK_MEANINGS, VEHICLE_CHECKS, VehicleCheckSchema, type VehicleBox as VehicleBoxValue } from '../../domain/vehicle-check.js';
import { vehicleApiObject } from '../../domain/vehicle.js';
import { CAPTURE_LANGUAGES } from '../../domain/languages.js';
import { decodedVehicleFields } from '../../domain/vehicle-decode.js';
import { ODOMETER_UNITS, vehicleOdometerFields, type CapturedOdometer } from '../../domain/odometer.js';
import { SessionSearchSchema } from '../../domain/session-search.js';
import { reportFigures } from '../../domain/session-export.js';
import type { SessionSearchPage as SessionSearchPageValue } from '../../inspections/session-service.js';
import { inputTypeFrom, snakeCased } from './zod-inputs.js';
import type { UseCases } from '../../services.js';
import { API_ACTOR } from '../../domain/results.js';

export const SessionStatusEnum = builder.enumType('SessionStatus', {
  description: 'Where a session is in its lifecycle (docs/events.md); COMPLETE and EXPIRED are final.',
  values: describedValues(SESSION_STATUSES, SESSION_STATUS_MEANINGS, asIs),
});
const RejectionCodeEnum = builder.enumType('RejectionCode', {
  description: `${descriptionOf(RejectionCodeSchema)} Quality control stops at the first check that fails, in the order listed (docs/capture.md).`,
  values: describedValues(REJECTION_CODES, REJECTION_CODE_MEANINGS, asIs),
});
const SmsDeliveryEnum = builder.enumType('SmsDelivery', {
  description: "What became of a session's SMS invitation.",
  values: {
    SENT: { value: 'sent', description: 'Handed to the SMS provider, which accepted it.' },
    LOGGED: { value: 'logged', description: 'Only written to the service log (the log provider): no text message was sent.' },
    FAILED: { value: 'failed', description: 'The provider refused it or could not be reached.' },
  } as const,
});
const MailStatusEnum = builder.enumType('MailStatus', {
  description: 'Where a mail the service means to send stands (docs/staff.md "Mail").',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting to be sent, or to be tried again after a failure.' },
    SENT: { value: 'sent', description: 'The SMTP server accepted it.' },
    LOGGED: { value: 'logged', description: 'Only written to the service log: no SMTP server is set up, so nothing was sent.' },
    FAILED: { value: 'failed', description: 'Every attempt failed; lastError says why.' },
  } as const,
});

/** A mail about a session, as the mail use case lists it. */
type MailRecord = Awaited<ReturnType<UseCases['mails']['forSession']>>[number];

const SessionMail = builder.objectRef<MailRecord>('SessionMail').implement({
  description: 'A mail about the session: to whom, what for, and whether it was sent. Its text is not shown here.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'invitation, report_ready (the guest report link) or review_waiting.' }),
    to: t.exposeString('to', { description: 'The address it goes to.' }),
    status: t.field({ type: MailStatusEnum, description: 'Sent, only logged, waiting or failed.', resolve: (mail) => mail.status }),
    attempts: t.exposeInt('attempts', { description: 'Sending attempts so far.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: "The SMTP server's last refusal or connection error; null once sent." }),
    createdAt: t.field({ type: 'DateTime', description: 'When the service decided to send it.', resolve: (mail) => mail.createdAt }),
    updatedAt: t.field({
      type: 'DateTime',
      description: 'When its status last changed (when it was sent, logged or failed).',
      resolve: (mail) => mail.updatedAt,
    }),
  }),
});

const VehicleCheckEnum = builder.enumType('VehicleCheck', {
  description: descriptionOf(VehicleCheckSchema),
  values: describedValues(VEHICLE_CHECKS, VEHICLE_CHECK_MEANINGS, upperCased),
});

export const OdometerUnitEnum = builder.enumType('OdometerUnit', {
  description: 'The unit of an odometer reading.',
  values: describedValues(ODOMETER_UNITS, { km: 'Kilometres.', mi: 'Miles.' }, upperCased),
});

const OdometerSourceEnum = builder.enumType('OdometerSource', {
  description: 'Where a confirmed odometer reading came from.',
  values: {
    PHOTO: { value: 'photo', description: 'The person confirmed the reading suggested from the cluster photo.' },
    TYPED: { value: 'typed', description: 'The person typed it (nothing was read, or they corrected the suggestion).' },
  } as const,
});

const CapturedOdometerType = builder.objectRef<CapturedOdometer>('CapturedOdometer').implement({
  description: 'The odometer the person confirmed or typed on the capture page (setOdometer).',
  fields: (t) => ({
    reading: t.exposeInt('reading', { description: 'The reading, a whole number.' }),
    unit: t.field({ type: OdometerUnitEnum, description: 'Its unit.', resolve: (odometer) => odometer.unit }),
    source: t.field({
      type: OdometerSourceEnum,
      description: 'PHOTO when it equals the suggestion of the cluster photo, TYPED otherwise.',
      resolve: (odometer) => odometer.source,
    }),
  }),
});

const VehicleBox = builder.objectRef<VehicleBoxValue>('VehicleBox').implement({
  description: 'Where the vehicle is, in fractions (0–1) of the photo as displayed, from its top-left corner.',
  fields: (t) => ({
    x: t.exposeFloat('x', { description: "The box's left edge, as a fraction (0–1) of the photo's width." }),
    y: t.exposeFloat('y', { description: "The box's top edge, as a fraction (0–1) of the photo's height." }),
    width: t.exposeFloat('width', { description: "The box's width, as a fraction (0–1) of the photo's width." }),
    height: t.exposeFloat('height', { description: "The box's height, as a fraction (0–1) of the photo's height." }),
    score: t.exposeFloat('score', { description: "The detector's confidence, 0–1." }),
  }),
});

type PhotoShape = ReturnType<typeof photoView>;
type NoteShape = ReturnType<typeof noteView>;
interface RequiredPhotoShape {
  photoCode: number;
  photoLabel: string;
  hint: string;
}

const RequiredPhoto = builder.objectRef<RequiredPhotoShape>('RequiredPhoto').implement({
  description: 'A photo the session theme requires, in capture order.',
  fields: (t) => ({
    photoCode: t.exposeInt('photoCode', { description: 'The view to photograph, as its photo code (1–13).' }),
    photoLabel: t.exposeString('photoLabel', { description: 'The name of the view, e.g. "Front Driver Side Corner".' }),
    hint: t.exposeString('hint', { description: 'What to frame, in a sentence for the person capturing; empty when the view has none.' }),
  }),
});

export const Photo = builder.objectRef<PhotoShape>('Photo').implement({
  description:
    'One capture of a view, accepted or rejected by quality control (docs/capture.md). Readable by the account and by the capture token of its session.',
  fields: (t) => ({
    photoCode: t.exposeInt('photo_code', { description: 'The view this photo is of, as its photo code (1–13; see RequiredPhoto).' }),
    photoLabel: t.exposeString('photo_label', { description: 'The name of the view, e.g. "VIN".' }),
    url: t.exposeString('url', { nullable: true, description: descriptionOf(PhotoSchema.shape.url) }),
    approved: t.exposeBoolean('approved', { description: 'True when quality control accepted the photo.' }),
    approvedMessage: t.exposeString('approved_message', {
      description: 'ACCEPTED, or "REJECTED: <reason>" with the English reason (as in webhooks); rejectionCode is the stable code.',
    }),
    rejectionCode: t.field({
      type: RejectionCodeEnum,
      nullable: true,
      description: 'Why quality control rejected the photo; null when accepted.',
      resolve: (photo) => photo.rejection_code,
    }),
    decodedVin: t.exposeString('decoded_vin', {
      nullable: true,
      description: 'The VIN read from the barcode of an accepted VIN photo (photo code 1); null when none was readable.',
    }),
    vehicleCheck: t.field({
      type: VehicleCheckEnum,
      nullable: true,
      description:
        'The vehicle check on an exterior view (photo codes 4, 5, 7, 8, 10, 11, 12, 13); null when the photo was not checked (other views, photos QC rejected, VEHICLE_CHECK=off, or the check could not run).',
      resolve: (photo) => photo.vehicle_check,
    }),
    vehicleBox: t.field({
      type: VehicleBox,
      nullable: true,
      description: 'Where the vehicle the check is about was found; null when none was found or the photo was not checked.',
      resolve: (photo) => photo.vehicle_box,
    }),
    odometerSuggested: t.exposeInt('odometer_suggested', {
      nullable: true,
      description: descriptionOf(PhotoSchema.shape.odometer_suggested),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the photo was received.', resolve: (photo) => photo.created_at }),
  }),
});

export const Note = builder.objectRef<NoteShape>('Note').implement({
  description: 'A note on a session, from a user, the API or the capture app (addNote; SESSION:NOTE_INSERT).',
  fields: (t) => ({
    title: t.exposeString('title', { description: "The note's title." }),
    description: t.exposeString('description', { description: "The note's text." }),
    user: t.exposeString('user', { description: descriptionOf(NoteSchema.shape.user) }),
    createdAt: t.field({ type: 'DateTime', description: 'When the note was added.', resolve: (note) => note.created_at }),
  }),
});

const Location = builder.objectRef<NonNullable<InspectionSessionRecord['location']>>('Location').implement({
  description: "Where the vehicle was inspected, as the capture app's device reported it (setLocation).",
  fields: (t) => ({
    latitude: t.exposeFloat('latitude', { description: 'Latitude in decimal degrees, -90 to 90 (WGS 84).' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude in decimal degrees, -180 to 180 (WGS 84).' }),
    accuracy: t.exposeFloat('accuracy', { nullable: true, description: "The device's accuracy radius in metres; null when it gave none." }),
    capturedAt: t.field({ type: 'DateTime', description: 'When the location was received.', resolve: (location) => location.capturedAt }),
  }),
});

/**
 * A session's captures, read once per session object: `photos` and `vinCaptured` of one query share the read. Each
 * request reads its sessions afresh, so the memo lives exactly as long as the request's session objects.
 */
const capturesRead = new WeakMap<InspectionSessionRecord, ReturnType<GraphQLContext['services']['sessions']['capturesOf']>>();
function capturesOf(session: InspectionSessionRecord, context: GraphQLContext) {
  let read = capturesRead.get(session);
  if (!read) {
    read = context.services.sessions.capturesOf(session);
    capturesRead.set(session, read);
  }
  return read;
}

const Brand = builder.objectRef<GuestBrand>('Brand').implement({
  description: 'How the account presents itself to the person capturing the photos.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'The display name the account chose; null when it chose none.' }),
    color: t.exposeString('color', { nullable: true, description: 'The brand colour as #rrggbb; null for the default.' }),
    logoUrl: t.exposeString('logoUrl', { nullable: true, description: "The account's logo (PNG or JPEG, public and cacheable); null without one." }),
  }),
});

export const InspectionSession = builder.objectRef<InspectionSessionRecord>('InspectionSession').implement({
  description:
    'One remote inspection of one vehicle: its status, photos, notes and results. The account (API headers, or any signed-in role) reads its own sessions; a capture token reads its one session, with less shown (see each field).',
  fields: (t) => ({
    sessionKey: t.exposeString('key', { description: 'The key of the session, e.g. XKT-7Q2M9D4B1A: how every operation names it.' }),
    theme: t.exposeString('theme', { description: descriptionOf(ThemeSchema) }),
    status: t.field({ type: SessionStatusEnum, description: 'Where the session is in its lifecycle.', resolve: (session) => session.status }),
    active: t.boolean({
      description: descriptionOf(SessionSchema.shape.active),
      resolve: (session) => session.status !== 'COMPLETE' && session.status !== 'EXPIRED',
    }),
    redirectUrl: t.exposeString('redirectUrl', {
      nullable: true,
      description: 'Where the capture app sends the person once the inspection is confirmed; null when neither the session nor the account set one.',
    }),
    language: t.exposeString('language', {
      nullable: true,
      description: `The capture page's language: one of ${CAPTURE_LANGUAGES.join(', ')}; null for English.`,
    }),
    vinCaptured: t.string({
      nullable: true,
      description: 'The VIN this inspection captured: read from the VIN photo or typed on the capture page, whichever came last.',
      resolve: async (session, _args, context) => sessionCapturedVin(session, await capturesOf(session, context)),
    }),
    odometerCaptured: t.field({
      type: CapturedOdometerType,
      nullable: true,
      description: 'The odometer confirmed or typed on the capture page (setOdometer); null until then.',
      resolve: (session) => vehicleOdometerFields(null, session.capturedOdometer).odom_captured,
    }),
    brand: t.field({
      type: Brand,
      description: "The account's name, colour and logo, as the capture app shows them.",
      resolve: (session, _args, context) => context.services.sessions.brandOf(session),
    }),
    captureUrl: t.string({
      nullable: true,
      description: 'The capture link, whose token lets its holder capture as the guest: for the API headers, owners and inspectors; null for a viewer.',
      resolve: async (session, _args, context) => context.services.sessions.captureLinkFor(session, captureLinkViewer(await context.principal())),
    }),
    inspectStartedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the capture link was first opened (STARTED); null before.',
      resolve: (session) => session.inspectStartedAt,
    }),
    inspectEndedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the person confirmed the inspection (CONFIRM); null before.',
      resolve: (session) => session.inspectEndedAt,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the session was created.', resolve: (session) => session.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the session record last changed.', resolve: (session) => session.updatedAt }),
    lastActivityAt: t.field({
      type: 'DateTime',
      description: 'The latest status move, capture, note, damage record change or update; the listing is ordered by it.',
      resolve: (session) => session.lastActivityAt,
    }),
    expiresAt: t.field({
      type: 'DateTime',
      description: 'The idle deadline; the session expires if nothing happens before it.',
      resolve: (session) => session.expiresAt,
    }),
    expiresWhenIdle: t.boolean({
      description:
        'Whether `expiresAt` still applies: true while the session may expire (IDLE, STARTED, PROCESS); false once every photo is accepted, and in a final status.',
      resolve: (session) => expiresWhenIdle(session.status),
    }),
    options: t.field({
      type: 'JSONObject',
      nullable: true,
      description: "The integrator's options (client_id, sms, contact, reference); account scope only.",
      resolve: async (session, _args, context) => {
        if (await isCaptureScope(context)) throw new AppError('FORBIDDEN', 'The session options are visible to the account only.');
        return optionsView(session.options);
      },
    }),
    vehicle: t.field({
      type: 'JSONObject',
      description:
        'The vehicle object with its API field names, filled from the VIN decode, with `decoded` and `details_match`, `odom_captured` and `odom_match`; with a capture token, only what identifies the car.',
      resolve: async (session, _args, context) => {
        if (await isCaptureScope(context)) return guestVehicle(vehicleApiObject(session.vehicle));
        const decoded = await context.services.vehicleDecoding.decodedFor(session, await capturesOf(session, context));
        const { vehicle, fields } = decodedVehicleFields(session.vehicle, decoded);
        return { ...vehicleApiObject(vehicle), ...fields, ...vehicleOdometerFields(session.vehicle, session.capturedOdometer) };
      },
    }),
    location: t.field({
      type: Location,
      nullable: true,
      description: 'Where the inspection took place; null until the capture app sends a location (the person may refuse it).',
      resolve: (session) => session.location,
    }),
    requiredPhotos: t.field({
      type: [RequiredPhoto],
      description: "The views the session's theme requires, in walk-around order.",
      resolve: (session) =>
        inWalkAroundOrder(requiredPhotoCodes(session.theme)).map((code) => ({
          photoCode: code,
          photoLabel: photoLabel(code) ?? String(code),
          hint: photoHint(code) ?? '',
        })),
    }),
    acceptedPhotoCount: t.int({
      description: 'How many required views have an accepted photo; equal to the length of requiredPhotos from QC_PASSED on.',
      resolve: (session) => Object.values(session.photos).filter((photo) => photo.approved).length,
    }),
    photos: t.field({
      type: [Photo],
      description: 'Every capture, oldest first; retakes included.',
      resolve: async (session, _args, context) => (await capturesOf(session, context)).map((capture) => photoView(capture, context.services.urls)),
    }),
    notes: t.field({
      type: [Note],
      description: "Every note; with a capture token, the capture app's own (guest) notes only.",
      resolve: async (session, _args, context) => {
        const onlyGuest = await isCaptureScope(context);
        const notes = await context.services.sessions.notesOf(session, onlyGuest ? { user: GUEST_NOTE_USER } : {});
        return notes.map(noteView);
      },
    }),
  }),
});

const InspectionSessionConnection = builder.connectionObject(
  { type: InspectionSession, name: 'InspectionSessionConnection', description: "A page of the account's sessions, latest activity first (Relay connection)." },
  { description: 'One session of the page, with the cursor to pass as after for the sessions after it.' },
);

const SessionSearchInput = inputTypeFrom(
  'SessionSearchInput',
  'The filters of GET /v1/sessions/search (and the CSV export) in camelCase, checked by the same schema; every one optional.',
  SessionSearchSchema,
);

const SessionSearchPage = builder.objectRef<SessionSearchPageValue>('SessionSearchPage').implement({
  description: 'A page of the session search: newest first.',
  fields: (t) => ({
    sessions: t.field({ type: [InspectionSession], description: 'The sessions found, newest first.', resolve: (page) => page.sessions }),
    nextCursor: t.exposeString('nextCursor', {
      nullable: true,
      description: 'Pass as filter.cursor, with the same filters, for the next page; null on the last page.',
    }),
  }),
});

type DamageShape = ReturnType<typeof damageView>;

const DamageRegion = builder.objectRef<DamageRegionValue>('DamageRegion').implement({
  description: 'A box on a photo, in fractions (0-1) of its width and height.',
  fields: (t) => ({
    x: t.exposeFloat('x', { description: "The box's left edge, as a fraction (0-1) of the photo's width." }),
    y: t.exposeFloat('y', { description: "The box's top edge, as a fraction (0-1) of the photo's height." }),
    width: t.exposeFloat('width', { description: "The box's width, as a fraction (0-1) of the photo's width." }),
    height: t.exposeFloat('height', { description: "The box's height, as a fraction (0-1) of the photo's height." }),
  }),
});

const DamageRegionInput = builder.inputType('DamageRegionInput', {
  description: 'A box on a photo, in fractions (0-1) of its width and height; x + width <= 1, y + height <= 1.',
  fields: (t) => ({
    x: t.float({ required: true, description: "The box's left edge, as a fraction (0-1) of the photo's width." }),
    y: t.float({ required: true, description: "The box's top edge, as a fraction (0-1) of the photo's height." }),
    width: t.float({ required: true, description: "The box's width, as a fraction of the photo's width: more than 0, at most 1 - x." }),
    height: t.float({ required: true, description: "The box's height, as a fraction of the photo's height: more than 0, at most 1 - y." }),
  }),
});

// GraphQL enum values are upper case by convention; each maps to the stored lower-case status.
const DamageStatusEnum = builder.enumType('DamageStatus', {
  description: 'Whether a damage record counts in the results: only ACCEPTED ones do.',
  values: describedValues(DAMAGE_RECORD_STATUSES, DAMAGE_RECORD_STATUS_MEANINGS, upperCased),
});

const Damage = builder.objectRef<DamageShape>('Damage').implement({
  description: 'A damage record (docs/staff.md). Only accepted records count in the results.',
  fields: (t) => ({
    damageId: t.exposeString('damage_id', {
      nullable: true,
      description: "The record's id, to change or delete it by; every record has one (nullable for clients written before).",
    }),
    item: t.exposeString('item', { description: 'The damaged part, a code from damageCatalog.items (e.g. rear_bumper).' }),
    damageType: t.exposeString('damage_type', { description: 'What the damage is, a code from damageCatalog.damageTypes (e.g. dent).' }),
    damage: t.exposeString('damage', { deprecationReason: 'Use damageType.', description: descriptionOf(DamageSchema.shape.damage) }),
    grade: t.exposeInt('grade', { description: 'Severity: 1 (minor) to 5 (severe); what each grade means is in damageCatalog.damageTypes.' }),
    photoCode: t.exposeInt('photo_code', { nullable: true, description: 'The photo the damage is seen on; null when none is named.' }),
    region: t.field({
      type: DamageRegion,
      nullable: true,
      description: 'Where on that photo the damage is; null when no box was drawn.',
      resolve: (damage) => damage.region,
    }),
    source: t.exposeString('source', { description: 'manual (a person or the API) or detector (the damage detector).' }),
    status: t.field({ type: DamageStatusEnum, description: 'Whether the record counts in the results.', resolve: (damage) => damage.status }),
    score: t.exposeFloat('score', { nullable: true, description: "The detector's confidence, 0–1; null on manual records." }),
    note: t.exposeString('note', { description: 'Free text about the damage; empty when none.' }),
    createdBy: t.exposeString('created_by', { nullable: true, description: descriptionOf(DamageSchema.shape.created_by) }),
    createdAt: t.field({ type: 'DateTime', description: 'When the record was made.', resolve: (damage) => damage.created_at }),
  }),
});

const GradePreview = builder.objectRef<{ grade: Grade; name: string }>('GradePreview').implement({
  description: 'A grade, 5 (EXCELLENT) to 1 (POOR), and its name.',
  fields: (t) => ({
    grade: t.exposeInt('grade', { description: 'The grade: 5 (no damage) down to 1 (severe damage).' }),
    name: t.exposeString('name', { description: 'Its name: EXCELLENT, GOOD, FAIR, ROUGH or POOR.' }),
  }),
});

const CatalogItem = builder.objectRef<DamageCatalog['items'][number]>('DamageCatalogItem').implement({
  description: 'A vehicle part a damage record may name.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The code a damage record stores as item, e.g. left_front_door.' }),
    label: t.exposeString('label', { description: 'Its English name, e.g. "Left Front Door".' }),
  }),
});

const CatalogDamageType = builder.objectRef<DamageCatalog['damage_types'][number]>('DamageCatalogType').implement({
  description: 'A kind of damage a record may name, with what each grade means for it.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The code a damage record stores as damageType, e.g. dent.' }),
    label: t.exposeString('label', { description: 'Its English name, e.g. "Dent".' }),
    description: t.exposeString('description', { description: 'What the type is and what each grade 1 (minor) to 5 (severe) means.' }),
    summary: t.exposeString('summary', { description: 'What the type is, without the grades.' }),
    gradeMeanings: t.exposeStringList('grade_meanings', { description: 'What grades 1 (minor) … 5 (severe) mean for this type, in order.' }),
    defaultGrade: t.exposeInt('default_grade', { description: 'The grade addDamage gives when none is passed, 1 (minor) to 5 (severe).' }),
  }),
});

const DamageCatalogType = builder.objectRef<DamageCatalog>('DamageCatalog').implement({
  description: 'The closed lists a damage record names its part and its kind from (GET /v1/damage-catalog).',
  fields: (t) => ({
    items: t.field({
      type: [CatalogItem],
      description: 'The vehicle parts, body front to back, then glass, wheels, interior and other.',
      resolve: (catalog) => catalog.items,
    }),
    damageTypes: t.field({ type: [CatalogDamageType], description: 'The kinds of damage.', resolve: (catalog) => catalog.damage_types }),
  }),
});

/** Who a change is recorded as: the signed-in user's username, or `api` for the account's API headers. */
async function actorName(context: GraphQLContext): Promise<string> {
  const principal = await context.principal();
  return principal.kind === 'user' ? principal.user.username : API_ACTOR;
}

const ReviewStateEnum = builder.enumType('ReviewState', {
  description: 'Where a session\'s review stands (docs/staff.md "Review revisions").',
  values: {
    NONE: { value: 'none', description: 'No person reviews it: not yet confirmed, or completed without a review (auto mode).' },
    PENDING: { value: 'pending', description: 'Confirmed, waiting for a person to complete its review.' },
    COMPLETED: { value: 'completed', description: 'A person (or the API) completed the review.' },
    REOPENED: { value: 'reopened', description: 'A completed review reopened for a correction: damages may change until it is completed again.' },
  } as const,
});

const ReviewRevisionType = builder.objectRef<SessionReviewView['revisions'][number]>('ReviewRevision').implement({
  description: 'One correction of a completed review: the report revision it made, and who reopened and completed it, when and why.',
  fields: (t) => ({
    revision: t.exposeInt('revision', { description: 'The report.revision it made: 2 for the first correction.' }),
    reason: t.exposeString('reason', { description: 'Why the review was reopened.' }),
    reopenedBy: t.exposeString('reopened_by', { description: 'The user, or `api`, who reopened it.' }),
    reopenedAt: t.field({ type: 'DateTime', description: 'When it was reopened.', resolve: (entry) => entry.reopened_at }),
    completedBy: t.exposeString('completed_by', { description: 'The user, or `api`, who completed it again.' }),
    completedAt: t.field({ type: 'DateTime', description: "When it was completed again: the revised report's time.", resolve: (entry) => entry.completed_at }),
  }),
});

const ReviewReopeningType = builder.objectRef<NonNullable<SessionReviewView['reopened']>>('ReviewReopening').implement({
  description: 'A reopened review not yet completed again: why, by whom and when it was reopened.',
  fields: (t) => ({
    reason: t.exposeString('reason', { description: 'Why the review was reopened.' }),
    by: t.exposeString('by', { description: 'The user, or `api`, who reopened it.' }),
    at: t.field({ type: 'DateTime', description: 'When it was reopened.', resolve: (reopening) => reopening.at }),
  }),
});

const SessionReviewType = builder.objectRef<SessionReviewView>('SessionReview').implement({
  description: "The session's review: its state, the current report revision and the corrections made (the REST session view's `review`).",
  fields: (t) => ({
    state: t.field({ type: ReviewStateEnum, description: 'Where the review stands.', resolve: (review) => review.state }),
    revision: t.exposeInt('revision', { nullable: true, description: "The current report's revision (results report.revision); null before COMPLETE." }),
    reopened: t.field({ type: ReviewReopeningType, nullable: true, description: 'While reopened: why, by whom, when.', resolve: (review) => review.reopened }),
    revisions: t.field({ type: [ReviewRevisionType], description: 'The corrections completed so far, oldest first.', resolve: (review) => review.revisions }),
  }),
});

builder.objectFields(InspectionSession, (t) => ({
  review: t.field({
    type: SessionReviewType,
    description: 'The review: state (none, pending, completed, reopened), report revision and revision history.',
    resolve: (session) => reviewView(session),
  }),
  test: t.exposeBoolean('test', { description: descriptionOf(SessionSchema.shape.test) }),
  awaitingReview: t.boolean({
    description: 'True while the session is confirmed and waits for a person to complete its review (manual review mode).',
    resolve: (session) => session.status === 'CONFIRM' && session.reviewPending,
  }),
  reportGrade: t.field({
    type: GradePreview,
    nullable: true,
    description: "The report's overall grade once the session is COMPLETE; null before, and when nobody assessed the vehicle.",
    resolve: (session) => {
      const { grade } = reportFigures(session.results);
      return grade === null ? null : { grade, name: gradeName(grade) };
    },
  }),
  mails: t.field({
    type: [SessionMail],
    description: 'The mails about the session, oldest first (at most 100): sent, only logged, waiting or failed. Account scope only.',
    resolve: async (session, _args, context) => {
      await requireAccount(context);
      return context.services.mails.forSession(session.apiKey, session.key);
    },
  }),
  smsDelivery: t.field({
    type: SmsDeliveryEnum,
    nullable: true,
    description:
      'What became of the SMS invitation: SENT, LOGGED (the log provider: nothing sent, though SESSION:SMS_PROCESS says success) or FAILED; null without one, and for sessions from before this was recorded.',
    resolve: (session) => session.smsDelivery,
  }),
  reportedDamages: t.int({
    nullable: true,
    description: 'The accepted damages the report lists once the session is COMPLETE; null before, and for the CAPT theme.',
    resolve: (session) => reportFigures(session.results).totalDamages,
  }),
  reviewedBy: t.string({
    nullable: true,
    description: 'The user, or `api`, who last completed the review; null until a person completed one (and in auto review mode).',
    resolve: (session) => session.reviewedBy,
  }),
  reviewedAt: t.field({
    type: 'DateTime',
    nullable: true,
    description: 'When the review was last completed; null until then (and in auto review mode).',
    resolve: (session) => session.reviewedAt,
  }),
  damages: t.field({
    type: [Damage],
    description: 'Every damage record, oldest first: accepted, declined and proposed. Account scope only.',
    resolve: async (session, _args, context) => context.services.sessions.damages(await requireAccount(context), session.key),
  }),
  gradeIfCompleted: t.field({
    type: GradePreview,
    description: 'The grade the report gives if the review is completed now: from the accepted damages, by the rule of the results. Account scope only.',
    resolve: async (session, _args, context) => {
      const damages = await context.services.sessions.damages(await requireAccount(context), session.key);
      const grade = overallGrade(damages.filter((damage) => damage.status === 'accepted'));
      return { grade, name: gradeName(grade) };
    },
  }),
}));

builder.queryFields((t) => ({
  inspectionSession: t.field({
    authScopes: { role: 'viewer' },
    type: InspectionSession,
    description: "One session of the account, or the capture token's own session; another account's or none: NOT_FOUND. Any signed-in role.",
    args: { sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }) },
    resolve: (_root, { sessionKey }, context) => requireReadableSession(context, sessionKey),
  }),
  inspectionSessions: t.field({
    authScopes: { role: 'viewer' },
    type: InspectionSessionConnection,
    description: "The account's sessions, latest activity first (lastActivityAt).",
    args: {
      status: t.arg({ type: SessionStatusEnum, description: 'Only sessions in this status; left out: every status.' }),
      awaitingReview: t.arg.boolean({ description: 'true: only confirmed sessions waiting for a review (the review queue); false: all others.' }),
      search: t.arg.string({ description: 'Part of the session key, the VIN or the client id, in any case (at most 100 characters).' }),
      test: t.arg.boolean({ description: 'true: only test sessions (made with a test key); otherwise they are left out.' }),
      first: t.arg.int({ description: 'Page size, 1-100 (default 20).' }),
      after: t.arg.string({ description: 'The cursor of the last session of the previous page (pageInfo.endCursor); left out: the first page.' }),
    },
    resolve: async (_root, args, context) => connectionOf(await context.services.sessions.page(await requireAccount(context), args), args.after),
  }),
  sessionSearch: t.field({
    authScopes: { role: 'viewer' },
    type: SessionSearchPage,
    description: "The account's sessions that match the filters, newest first (GET /v1/sessions/search); a bad filter is BAD_REQUEST.",
    args: { filter: t.arg({ type: SessionSearchInput, description: 'Left out: the newest live sessions.' }) },
    resolve: async (_root, { filter }, context) => context.services.sessions.search(await requireAccount(context), snakeCased(filter ?? {})),
  }),
  damageCatalog: t.field({
    authScopes: { role: 'viewer' },
    type: DamageCatalogType,
    description: 'The closed lists of vehicle parts and damage types a damage record names.',
    resolve: () => damageCatalog(),
  }),
  sessionResults: t.field({
    authScopes: { role: 'viewer' },
    type: 'JSONObject',
    description: 'The results object (identical to the SESSION:COMPLETE payload), once the session is COMPLETE.',
    args: { sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }) },
    resolve: async (_root, { sessionKey }, context) => context.services.sessions.results(await requireAccount(context), sessionKey),
  }),
}));

builder.mutationFields((t) => ({
  createInspectionSession: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description: 'Creates a session: the POST /v1/sessions body in camelCase, checked by the same rules. Every group is optional.',
    args: {
      input: t.arg({
        type: CreateInspectionSessionInput,
        description: "The new session; a group left out takes the account's defaults (theme, redirect, language) or stays empty.",
      }),
    },
    resolve: async (_root, { input }, context) => {
      // docs/rest-guide.md "Results": a signed-in person creates from the dashboard; the API headers mean an integrator.
      const principal = await context.principal();
      const account = await requireAccount(context);
      const creator: SessionCreator =
        principal.kind === 'account' ? { source: 'api', key: principal.key } : { source: 'dashboard', key: { apiKey: account.apiKey, mode: 'live' } };
      return context.services.sessions.create(account, createSessionBody(input), creator);
    },
  }),
  updateInspectionSession: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description: 'Updates a session: the PUT /v1/sessions/:key body in camelCase, checked by the same rules.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      input: t.arg({ type: UpdateInspectionSessionInput, required: true, description: 'The groups to change; a group left out stays as it is.' }),
    },
    resolve: async (_root, { sessionKey, input }, context) =>
      context.services.sessions.update(await requireAccount(context), sessionKey, updateSessionBody(input)),
  }),
  deleteInspectionSession: t.field({
    authScopes: { role: 'owner' },
    type: 'String',
    description: 'Deletes a session nobody has started (IDLE only; BAD_REQUEST otherwise) and answers the confirmation message. Owners and the API headers.',
    args: { sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }) },
    resolve: async (_root, { sessionKey }, context) => (await context.services.sessions.delete(await requireAccount(context), sessionKey)).message,
  }),
  addDamage: t.field({
    authScopes: { role: 'inspector' },
    type: Damage,
    description:
      "Adds an accepted manual damage record, in any status before COMPLETE or while a review is reopened. grade: 1 (minor) to 5 (severe), default the type's.",
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      item: t.arg.string({
        required: true,
        description: 'The damaged part, a code from damageCatalog.items; case, spaces and dashes are normalised ("Rear Bumper" → rear_bumper).',
      }),
      damageType: t.arg.string({ description: 'A code from damageCatalog.damageTypes.' }),
      damage: t.arg.string({ description: "The first release's name for damageType." }),
      grade: t.arg.int({ description: "Severity, 1 (minor) to 5 (severe); left out: the type's defaultGrade." }),
      photoCode: t.arg.int({ description: "The photo the damage is seen on, a photo code of the session's theme; left out: none." }),
      region: t.arg({ type: DamageRegionInput, description: 'Where on that photo the damage is; needs photoCode. Left out: no box.' }),
      note: t.arg.string({ description: 'Free text about the damage, at most 1000 characters; left out: empty.' }),
    },
    resolve: async (_root, args, context) =>
      context.services.sessions.addDamage(
        await requireAccount(context),
        args.sessionKey,
        {
          item: args.item,
          damage_type: args.damageType ?? undefined,
          damage: args.damage ?? undefined,
          grade: args.grade ?? undefined,
          photo_code: args.photoCode ?? null,
          region: args.region ?? null,
          note: args.note ?? undefined,
        },
        await actorName(context),
      ),
  }),
  updateDamage: t.field({
    authScopes: { role: 'inspector' },
    type: Damage,
    description: "Accepts or declines a proposal, or changes a record's grade, type, item, region or note; before COMPLETE only.",
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      damageId: t.arg.string({ required: true, description: 'The damageId of the record to change.' }),
      status: t.arg({ type: DamageStatusEnum, description: 'ACCEPTED or DECLINED (a record cannot be made PROPOSED); left out: unchanged.' }),
      item: t.arg.string({ description: 'A code from damageCatalog.items; left out: unchanged.' }),
      damageType: t.arg.string({ description: 'A code from damageCatalog.damageTypes; left out: unchanged.' }),
      grade: t.arg.int({ description: 'Severity, 1 (minor) to 5 (severe); left out: unchanged.' }),
      region: t.arg({ type: DamageRegionInput, description: "The new box on the record's photo; null removes the box; left out: unchanged." }),
      note: t.arg.string({ description: 'Free text, at most 1000 characters; left out: unchanged.' }),
    },
    resolve: async (_root, args, context) =>
      context.services.sessions.updateDamage(await requireAccount(context), args.sessionKey, args.damageId, {
        status: args.status ?? undefined,
        item: args.item ?? undefined,
        damage_type: args.damageType ?? undefined,
        grade: args.grade ?? undefined,
        region: args.region,
        note: args.note ?? undefined,
      }),
  }),
  deleteDamage: t.field({
    authScopes: { role: 'inspector' },
    type: 'String',
    description: "Removes a manual damage record before COMPLETE (a detector's proposal is declined instead).",
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      damageId: t.arg.string({ required: true, description: 'The damageId of the manual record to remove.' }),
    },
    resolve: async (_root, { sessionKey, damageId }, context) =>
      (await context.services.sessions.deleteDamage(await requireAccount(context), sessionKey, damageId)).message,
  }),
  completeReview: t.field({
    authScopes: { role: 'inspector' },
    type: InspectionSession,
    description:
      'Completes the review of a confirmed session: the report is generated and the session becomes COMPLETE. With no accepted damage, noDamageFound must be true. Idempotent. On a reopened review (reopenReview): the next report revision and SESSION:REPORT_REVISED.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      noDamageFound: t.arg.boolean({ description: 'true: the reviewer found no damage; required when no damage record is accepted.' }),
    },
    resolve: async (_root, { sessionKey, noDamageFound }, context) =>
      context.services.reviews.completeReview(
        await requireAccount(context),
        sessionKey,
        { no_damage_found: noDamageFound ?? undefined },
        await actorName(context),
      ),
  }),
  reopenReview: t.field({
    authScopes: { role: 'inspector' },
    type: InspectionSession,
    description:
      'Reopens the completed review of a COMPLETE session for a correction (POST /v1/sessions/{sessionKey}/review/reopen): damages may change again; completeReview then makes the next report revision and sends SESSION:REPORT_REVISED. Never reviewed, not COMPLETE or already reopened: CONFLICT.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      reason: t.arg.string({ required: true, description: 'Why the review is reopened, 1-500 characters; kept in the revision history.' }),
    },
    resolve: async (_root, { sessionKey, reason }, context) =>
      context.services.reviews.reopen(await requireAccount(context), sessionKey, { reason }, await actorName(context)),
  }),
}));
