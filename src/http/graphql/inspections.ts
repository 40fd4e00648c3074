// Inspection sessions in GraphQL: the session type, its queries, and the integrator's mutations. The bodies of
// create and update are the same JSON as the REST routes, checked by the same use cases.
import { inWalkAroundOrder } from '../../domain/walk-around.js';
import { builder } from './builder.js';
import { isCaptureScope, requireAccount, requireReadableSession, type GraphQLContext } from './context.js';
import { AppError } from '../../errors.js';
import { GUEST_NOTE_USER, guestVehicle } from '../../domain/capture-scope.js';
import type { InspectionSessionDocument } from '../../store/inspection-sessions.js';
import { sessionView, photoView, noteView, type damageView } from '../../inspections/representation.js';
import { DAMAGE_RECORD_STATUSES, type DamageRegion as DamageRegionValue } from '../../domain/grading.js';
import { damageCatalog, type DamageCatalog } from '../../domain/damage-catalog.js';
import { encodeSessionCursor } from '../../inspections/session-service.js';
import { photoHint, photoLabel, requiredPhotoCodes, type Theme } from '../../domain/themes.js';
import { SESSION_STATUSES } from '../../domain/statuses.js';
import { REJECTION_CODES } from '../../domain/rejection-codes.js';
import { vehicleApiObject } from '../../domain/vehicle.js';

export const SessionStatusEnum = builder.enumType('SessionStatus', { values: SESSION_STATUSES });
const RejectionCodeEnum = builder.enumType('RejectionCode', { values: REJECTION_CODES });

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
    photoCode: t.exposeInt('photoCode'),
    photoLabel: t.exposeString('photoLabel'),
    hint: t.exposeString('hint'),
  }),
});

export const Photo = builder.objectRef<PhotoShape>('Photo').implement({
  fields: (t) => ({
    photoCode: t.exposeInt('photo_code'),
    photoLabel: t.exposeString('photo_label'),
    url: t.exposeString('url', { nullable: true }),
    approved: t.exposeBoolean('approved'),
    approvedMessage: t.exposeString('approved_message'),
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
    createdAt: t.exposeString('created_at'),
  }),
});

export const Note = builder.objectRef<NoteShape>('Note').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    user: t.exposeString('user'),
    createdAt: t.exposeString('created_at'),
  }),
});

const Location = builder.objectRef<NonNullable<InspectionSessionDocument['location']>>('Location').implement({
  fields: (t) => ({
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    accuracy: t.exposeFloat('accuracy', { nullable: true }),
    capturedAt: t.field({ type: 'String', resolve: (location) => location.captured_at.toISOString() }),
  }),
});

export const InspectionSession = builder.objectRef<InspectionSessionDocument>('InspectionSession').implement({
  fields: (t) => ({
    sessionKey: t.exposeString('_id'),
    theme: t.exposeString('theme'),
    status: t.field({ type: SessionStatusEnum, resolve: (session) => session.status }),
    active: t.boolean({ resolve: (session) => session.status !== 'COMPLETE' && session.status !== 'EXPIRED' }),
    redirectUrl: t.exposeString('redirect_url', { nullable: true }),
    language: t.exposeString('language', { nullable: true }),
    captureUrl: t.string({ resolve: (session, _args, context) => context.services.urls.captureUrl(session._id, session.capture_token) }),
    inspectStartedAt: t.string({ nullable: true, resolve: (session) => session.inspect_started_at?.toISOString() ?? null }),
    inspectEndedAt: t.string({ nullable: true, resolve: (session) => session.inspect_ended_at?.toISOString() ?? null }),
    createdAt: t.string({ resolve: (session) => session.created_at.toISOString() }),
    updatedAt: t.string({ resolve: (session) => session.updated_at.toISOString() }),
    expiresAt: t.string({
      description: 'The idle deadline; the session expires if nothing happens before it.',
      resolve: (session) => session.expires_at.toISOString(),
    }),
    options: t.field({
      type: 'JSON',
      nullable: true,
      description: "The integrator's options (client_id, sms, contact, reference); account scope only.",
      resolve: async (session, _args, context) => {
        if (await isCaptureScope(context)) throw new AppError('FORBIDDEN', 'The session options are visible to the account only.');
        return sessionView(session, context.services.urls).options;
      },
    }),
    vehicle: t.field({
      type: 'JSON',
      description: 'The vehicle object with its API field names; with a capture token, only what identifies the car.',
      resolve: async (session, _args, context) => {
        const vehicle = vehicleApiObject(session.vehicle);
        return (await isCaptureScope(context)) ? guestVehicle(vehicle) : vehicle;
      },
    }),
    location: t.field({ type: Location, nullable: true, resolve: (session) => session.location }),
    requiredPhotos: t.field({
      type: [RequiredPhoto],
      resolve: (session) =>
        inWalkAroundOrder(requiredPhotoCodes(session.theme as Theme)).map((code) => ({
          photoCode: code,
          photoLabel: photoLabel(code) ?? String(code),
          hint: photoHint(code) ?? '',
        })),
    }),
    acceptedPhotoCount: t.int({ resolve: (session) => Object.values(session.photos).filter((photo) => photo.approved).length }),
    photos: t.field({
      type: [Photo],
      description: 'Every capture, oldest first; retakes included.',
      resolve: async (session, _args, context) =>
        (await context.services.stores.captures.listForSession(session.api_key, session._id)).map((capture) => photoView(capture, context.services.urls)),
    }),
    notes: t.field({
      type: [Note],
      description: "Every note; with a capture token, the capture app's own (guest) notes only.",
      resolve: async (session, _args, context) => {
        const onlyGuest = await isCaptureScope(context);
        const notes = await context.services.stores.notes.listForSession(session.api_key, session._id, onlyGuest ? { user: GUEST_NOTE_USER } : {});
        return notes.map(noteView);
      },
    }),
  }),
});

const PageInfo = builder.objectRef<{ hasNextPage: boolean; endCursor: string | null }>('PageInfo').implement({
  fields: (t) => ({ hasNextPage: t.exposeBoolean('hasNextPage'), endCursor: t.exposeString('endCursor', { nullable: true }) }),
});

const InspectionSessionEdge = builder.objectRef<{ cursor: string; node: InspectionSessionDocument }>('InspectionSessionEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: InspectionSession, resolve: (edge) => edge.node }) }),
});

const InspectionSessionConnection = builder
  .objectRef<{ edges: { cursor: string; node: InspectionSessionDocument }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>(
    'InspectionSessionConnection',
  )
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [InspectionSessionEdge], resolve: (connection) => connection.edges }),
      pageInfo: t.field({ type: PageInfo, resolve: (connection) => connection.pageInfo }),
    }),
  });

type DamageShape = ReturnType<typeof damageView>;

const DamageRegion = builder.objectRef<DamageRegionValue>('DamageRegion').implement({
  description: 'A box on a photo, in fractions (0-1) of its width and height.',
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y'), width: t.exposeFloat('width'), height: t.exposeFloat('height') }),
});

const DamageRegionInput = builder.inputType('DamageRegionInput', {
  description: 'A box on a photo, in fractions (0-1) of its width and height; x + width <= 1, y + height <= 1.',
  fields: (t) => ({
    x: t.float({ required: true }),
    y: t.float({ required: true }),
    width: t.float({ required: true }),
    height: t.float({ required: true }),
  }),
});

const DamageStatusEnum = builder.enumType('DamageStatus', { values: DAMAGE_RECORD_STATUSES });

const Damage = builder.objectRef<DamageShape>('Damage').implement({
  description: 'A damage record (CONTRACT §13). Only accepted records count in the results.',
  fields: (t) => ({
    damageId: t.exposeString('damage_id', { nullable: true, description: 'Null on records stored before damage ids existed.' }),
    item: t.exposeString('item'),
    damageType: t.exposeString('damage_type'),
    damage: t.exposeString('damage', { deprecationReason: 'Use damageType.' }),
    grade: t.exposeInt('grade'),
    photoCode: t.exposeInt('photo_code', { nullable: true }),
    region: t.field({ type: DamageRegion, nullable: true, resolve: (damage) => damage.region }),
    source: t.exposeString('source'),
    status: t.field({ type: DamageStatusEnum, resolve: (damage) => damage.status }),
    score: t.exposeFloat('score', { nullable: true }),
    note: t.exposeString('note'),
    createdBy: t.exposeString('created_by', { nullable: true }),
    createdAt: t.exposeString('created_at'),
  }),
});

const CatalogItem = builder.objectRef<DamageCatalog['items'][number]>('DamageCatalogItem').implement({
  fields: (t) => ({ code: t.exposeString('code'), label: t.exposeString('label') }),
});

const CatalogDamageType = builder.objectRef<DamageCatalog['damage_types'][number]>('DamageCatalogType').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    label: t.exposeString('label'),
    description: t.exposeString('description', { description: 'What the type is and what each grade 1 (minor) to 5 (severe) means.' }),
    defaultGrade: t.exposeInt('default_grade'),
  }),
});

const DamageCatalogType = builder.objectRef<DamageCatalog>('DamageCatalog').implement({
  fields: (t) => ({
    items: t.field({ type: [CatalogItem], resolve: (catalog) => catalog.items }),
    damageTypes: t.field({ type: [CatalogDamageType], resolve: (catalog) => catalog.damage_types }),
  }),
});

/** Who the caller acts as in damage records and reviews: a signed-in user's username, else `api`. */
async function actorName(context: GraphQLContext): Promise<string> {
  const principal = (await context.principal()) as { user?: { username?: unknown } };
  return typeof principal.user?.username === 'string' ? principal.user.username : 'api';
}

builder.objectFields(InspectionSession, (t) => ({
  awaitingReview: t.boolean({
    description: 'True while the session is confirmed and waits for a person to complete its review (manual review mode).',
    resolve: (session) => session.status === 'CONFIRM' && session.review_pending === true,
  }),
  reviewedBy: t.string({ nullable: true, resolve: (session) => session.reviewed_by ?? null }),
  reviewedAt: t.string({ nullable: true, resolve: (session) => session.reviewed_at?.toISOString() ?? null }),
  damages: t.field({
    type: [Damage],
    description: 'Every damage record, oldest first: accepted, declined and proposed. Account scope only.',
    resolve: async (session, _args, context) => context.services.sessions.damages(await requireAccount(context), session._id),
  }),
}));

builder.queryFields((t) => ({
  inspectionSession: t.field({
    type: InspectionSession,
    args: { sessionKey: t.arg.string({ required: true }) },
    resolve: (_root, { sessionKey }, context) => requireReadableSession(context, sessionKey),
  }),
  inspectionSessions: t.field({
    type: InspectionSessionConnection,
    description: "The account's sessions, newest first.",
    args: {
      status: t.arg({ type: SessionStatusEnum }),
      first: t.arg.int({ description: 'Page size, 1-100 (default 20).' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const page = await context.services.sessions.page(await requireAccount(context), args);
      return {
        edges: page.sessions.map((node) => ({ cursor: encodeSessionCursor(node), node })),
        pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      };
    },
  }),
  damageCatalog: t.field({
    type: DamageCatalogType,
    description: 'The closed lists of vehicle parts and damage types a damage record names.',
    resolve: () => damageCatalog(),
  }),
  sessionResults: t.field({
    type: 'JSON',
    description: 'The results object (identical to the SESSION:COMPLETE payload), once the session is COMPLETE.',
    args: { sessionKey: t.arg.string({ required: true }) },
    resolve: async (_root, { sessionKey }, context) => context.services.sessions.results(await requireAccount(context), sessionKey),
  }),
}));

builder.mutationFields((t) => ({
  createInspectionSession: t.field({
    type: InspectionSession,
    description: 'Creates a session. `input` is the POST /v1/sessions body: { session, vehicle, sms }, all optional.',
    args: { input: t.arg({ type: 'JSON' }) },
    resolve: async (_root, { input }, context) => {
      const account = await requireAccount(context);
      const view = await context.services.sessions.create(account, input ?? {});
      return context.services.sessions.require(account, view.session_key);
    },
  }),
  updateInspectionSession: t.field({
    type: InspectionSession,
    description: 'Updates a session with the PUT /v1/sessions/:key body.',
    args: { sessionKey: t.arg.string({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_root, { sessionKey, input }, context) => {
      const account = await requireAccount(context);
      await context.services.sessions.update(account, sessionKey, input);
      return context.services.sessions.require(account, sessionKey);
    },
  }),
  deleteInspectionSession: t.field({
    type: 'String',
    args: { sessionKey: t.arg.string({ required: true }) },
    resolve: async (_root, { sessionKey }, context) => (await context.services.sessions.delete(await requireAccount(context), sessionKey)).message,
  }),
  addDamage: t.field({
    type: Damage,
    description: "Adds an accepted manual damage record, in any status before COMPLETE. grade: 1 (minor) to 5 (severe), default the type's.",
    args: {
      sessionKey: t.arg.string({ required: true }),
      item: t.arg.string({ required: true }),
      damageType: t.arg.string({ description: 'A code from damageCatalog.damageTypes.' }),
      damage: t.arg.string({ description: "The first release's name for damageType." }),
      grade: t.arg.int(),
      photoCode: t.arg.int(),
      region: t.arg({ type: DamageRegionInput }),
      note: t.arg.string(),
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
    type: Damage,
    description: "Accepts or declines a proposal, or changes a record's grade, type, item, region or note; before COMPLETE only.",
    args: {
      sessionKey: t.arg.string({ required: true }),
      damageId: t.arg.string({ required: true }),
      status: t.arg({ type: DamageStatusEnum }),
      item: t.arg.string(),
      damageType: t.arg.string(),
      grade: t.arg.int(),
      region: t.arg({ type: DamageRegionInput, description: 'null removes the box.' }),
      note: t.arg.string(),
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
    type: 'String',
    description: "Removes a manual damage record before COMPLETE (a detector's proposal is declined instead).",
    args: { sessionKey: t.arg.string({ required: true }), damageId: t.arg.string({ required: true }) },
    resolve: async (_root, { sessionKey, damageId }, context) =>
      (await context.services.sessions.deleteDamage(await requireAccount(context), sessionKey, damageId)).message,
  }),
  completeReview: t.field({
    type: InspectionSession,
    description:
      'Completes the review of a confirmed session: the report is generated and the session becomes COMPLETE. With no accepted damage, noDamageFound must be true. Idempotent.',
    args: { sessionKey: t.arg.string({ required: true }), noDamageFound: t.arg.boolean() },
    resolve: async (_root, { sessionKey, noDamageFound }, context) =>
      context.services.reviews.completeReview(
        await requireAccount(context),
        sessionKey,
        { no_damage_found: noDamageFound ?? undefined },
        await actorName(context),
      ),
  }),
}));
