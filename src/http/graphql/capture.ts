// The capture flow in GraphQL: what the web capture app calls with its capture token (integrators may call
// it with the API headers too). Errors carry the use case's reason code.
import { SESSION_KEY_ARG } from './descriptions.js';
import { builder } from './builder.js';
import { requireSession } from './context.js';
import { InspectionSession, Note, OdometerUnitEnum, Photo } from './inspections.js';
import { photoView } from '../../inspections/representation.js';
import { AppError } from '../../errors.js';
import { MAX_PHOTO_BYTES } from '../../inspections/photo-limits.js';

builder.mutationFields((t) => ({
  startCapture: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description: 'Opens the capture (IDLE → STARTED); later calls return the session unchanged.',
    args: { sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }) },
    resolve: async (_root, { sessionKey }, context) => context.services.capture.start(await requireSession(context, sessionKey)),
  }),
  capturePhoto: t.field({
    authScopes: { role: 'owner' },
    type: Photo,
    description: 'Uploads one photo (multipart request). The verdict of quality control is in the answer and in SESSION:STAGE_CHANGE.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      photoCode: t.arg.int({ required: true, description: "The view the photo shows: a photo code of the session's theme (requiredPhotos)." }),
      file: t.arg({ type: 'File', required: true, description: `The image, at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB (PAYLOAD_TOO_LARGE beyond).` }),
    },
    resolve: async (_root, { sessionKey, photoCode, file }, context) => {
      const session = await requireSession(context, sessionKey);
      if (file.size > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `Photo exceeds the limit of ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);
      const bytes = Buffer.from(await file.arrayBuffer());
      const capture = await context.services.capture.capturePhoto(session, photoCode, bytes);
      return photoView(capture, context.services.urls);
    },
  }),
  setLocation: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description: 'Stores where the capture takes place, as the phone reports it.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      latitude: t.arg.float({ required: true, description: 'Degrees, -90 to 90.' }),
      longitude: t.arg.float({ required: true, description: 'Degrees, -180 to 180.' }),
      accuracy: t.arg.float({ description: 'Radius of the uncertainty, in metres; null when unknown.' }),
    },
    resolve: async (_root, { sessionKey, ...location }, context) => context.services.capture.setLocation(await requireSession(context, sessionKey), location),
  }),
  setVin: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description:
      'Stores the VIN typed on the capture page (17 characters, no I/O/Q, the North American check digit) while capturing. ' +
      'The VIN given last, typed or read from the VIN photo, is the vin_captured of the results.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      vin: t.arg.string({ required: true, description: 'The VIN as typed.' }),
    },
    resolve: async (_root, { sessionKey, vin }, context) => context.services.capture.setVin(await requireSession(context, sessionKey), vin),
  }),
  setOdometer: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description:
      'Stores the odometer reading the person confirmed or typed on the capture page while capturing (a whole number, 0–9,999,999). ' +
      "Its source is photo when it equals the cluster photo's odometerSuggested, typed otherwise; the reading given last is the odom_captured of the results.",
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      reading: t.arg.int({ required: true, description: 'The reading, a whole number 0–9,999,999.' }),
      unit: t.arg({ type: OdometerUnitEnum, description: "The unit the odometer shows; when omitted, the vehicle's odom_unit, else KM." }),
    },
    resolve: async (_root, { sessionKey, reading, unit }, context) =>
      context.services.capture.setOdometer(await requireSession(context, sessionKey), { reading, unit }),
  }),
  addNote: t.field({
    authScopes: { role: 'inspector' },
    type: Note,
    description: 'Adds a note; its user is the account username, or "guest" with a capture token.',
    args: {
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }),
      title: t.arg.string({ required: true, description: "The note's title (dashboardSettings.limits.noteTitleMax)." }),
      description: t.arg.string({ required: true, description: "The note's text (dashboardSettings.limits.noteDescriptionMax)." }),
    },
    resolve: async (_root, { sessionKey, title, description }, context) => {
      const principal = await context.principal();
      if (principal.kind !== 'capture') return context.services.sessions.addNote(principal.account, sessionKey, { title, description });
      return context.services.capture.addGuestNote(await requireSession(context, sessionKey), { title, description });
    },
  }),
  confirmInspection: t.field({
    authScopes: { role: 'owner' },
    type: InspectionSession,
    description:
      "Confirms a QC_PASSED inspection. With the account's review_mode manual (the default) the session waits in CONFIRM for a person's review, which issues the report and completes it; with review_mode auto the report is generated and the session completes at once.",
    args: { sessionKey: t.arg.string({ required: true, description: SESSION_KEY_ARG }) },
    resolve: async (_root, { sessionKey }, context) => context.services.capture.confirm(await requireSession(context, sessionKey)),
  }),
}));
