// Inspection sessions in GraphQL: the session type, its queries, and the integrator's mutations. The bodies of
// create and update are the same JSON as the REST routes, checked by the same use cases.
import { builder } from './builder.js';
import { isCaptureScope, requireAccount, requireReadableSession } from './context.js';
import { AppError } from '../../errors.js';
import { GUEST_NOTE_USER, guestVehicle } from '../../domain/capture-scope.js';
import type { InspectionSessionDocument } from '../../store/inspection-sessions.js';
import { sessionView, photoView, noteView } from '../../inspections/representation.js';
import { encodeSessionCursor } from '../../inspections/session-service.js';
import { photoHint, photoLabel, requiredPhotoCodes, type Theme } from '../../domain/themes.js';
import { SESSION_STATUSES } from '../../domain/statuses.js';
import { vehicleApiObject } from '../../domain/vehicle.js';

export const SessionStatusEnum = builder.enumType('SessionStatus', { values: SESSION_STATUSES });

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
    expiresAt: t.string({ description: 'The idle deadline; the session expires if nothing happens before it.', resolve: (session) => session.expires_at.toISOString() }),
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
        requiredPhotoCodes(session.theme as Theme).map((code) => ({ photoCode: code, photoLabel: photoLabel(code) ?? String(code), hint: photoHint(code) ?? '' })),
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
  .objectRef<{ edges: { cursor: string; node: InspectionSessionDocument }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>('InspectionSessionConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [InspectionSessionEdge], resolve: (connection) => connection.edges }),
      pageInfo: t.field({ type: PageInfo, resolve: (connection) => connection.pageInfo }),
    }),
  });

const Damage = builder
  .objectRef<{ item: string; damage: string; grade: number; photo_code: number | null; source: string; created_at: string }>('Damage')
  .implement({
    fields: (t) => ({
      item: t.exposeString('item'),
      damage: t.exposeString('damage'),
      grade: t.exposeInt('grade'),
      photoCode: t.exposeInt('photo_code', { nullable: true }),
      source: t.exposeString('source'),
      createdAt: t.exposeString('created_at'),
    }),
  });

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
    description: 'Adds a manual damage record before the inspection is confirmed. grade: 1 (minor) to 5 (severe).',
    args: {
      sessionKey: t.arg.string({ required: true }),
      item: t.arg.string({ required: true }),
      damage: t.arg.string({ required: true }),
      grade: t.arg.int({ required: true }),
      photoCode: t.arg.int(),
    },
    resolve: async (_root, args, context) =>
      context.services.sessions.addDamage(await requireAccount(context), args.sessionKey, {
        item: args.item,
        damage: args.damage,
        grade: args.grade,
        photo_code: args.photoCode ?? null,
      }),
  }),
}));
