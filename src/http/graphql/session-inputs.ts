// The typed inputs of createInspectionSession and updateInspectionSession: the REST bodies of POST and PUT
// /v1/sessions with camelCase field names. Each is turned back into its REST body, so the use case checks it with
// the one zod schema of src/domain/session-input.ts and a mistake reads the same on both faces.
import { builder } from './builder.js';
import { snakeCased } from './zod-inputs.js';
import { THEME_NAMES } from '../../domain/themes.js';
import { CAPTURE_LANGUAGES } from '../../domain/languages.js';

type Fields = Record<string, unknown>;

const THEME_DESCRIPTION = `One of ${THEME_NAMES.join(', ')}; default the account's default theme.`;
const LANGUAGE_DESCRIPTION = `The capture page language, one of ${CAPTURE_LANGUAGES.join(', ')} (a regional tag such as pt-BR counts as its language).`;

const VehicleInput = builder.inputType('VehicleInput', {
  description: 'The vehicle; every field optional, null or blank for unknown.',
  fields: (t) => ({
    vin: t.string({ description: 'At most 17 letters and digits, without I, O or Q.' }),
    year: t.int({ description: 'Model year.' }),
    make: t.string({ description: 'The manufacturer, e.g. Toyota.' }),
    model: t.string({ description: 'The model, e.g. Corolla.' }),
    bodyType: t.string({ description: 'The body type, e.g. Sedan.' }),
    trim: t.string({ description: 'The trim level.' }),
    transmission: t.string({ description: 'The transmission, e.g. Automatic.' }),
    extCol: t.string({ description: 'Exterior colour.' }),
    intCol: t.string({ description: 'Interior colour.' }),
    odomReading: t.float({ description: 'Odometer reading, at least 0.' }),
    odomUnit: t.string({ description: 'km or mi.' }),
  }),
});

const SessionSettingsInput = builder.inputType('SessionSettingsInput', {
  description: "The session group of the create body: how the capture looks and the integrator's own data.",
  fields: (t) => ({
    theme: t.string({ description: THEME_DESCRIPTION }),
    redirectUrl: t.string({ description: 'Where the capture page sends the person when done (absolute http(s) URL).' }),
    language: t.string({ description: LANGUAGE_DESCRIPTION }),
    clientId: t.string({ description: "The integrator's own reference for the session (at most 200 characters)." }),
    contact: t.field({ type: 'JSONObject', description: 'Free-form contact details.' }),
    reference: t.field({ type: 'JSONObject', description: 'Free-form reference data.' }),
  }),
});

const SmsInvitationInput = builder.inputType('SmsInvitationInput', {
  description: 'Sends the capture link by SMS when the session is created.',
  fields: (t) => ({
    to: t.string({ required: true, description: 'Phone number in international format, such as +14155550123.' }),
    toName: t.string({ description: "The recipient's name, e.g. Jane Doe." }),
    from: t.string({ description: 'The sender number, e.g. +14155550100.' }),
    by: t.string({ description: 'Who the message says sends the link, e.g. Acme Motors.' }),
  }),
});

const SessionOptionsInput = builder.inputType('SessionOptionsInput', {
  description: "The integrator's options, merged key by key into the stored ones.",
  fields: (t) => ({
    clientId: t.string({ description: "The integrator's own reference for the session (at most 200 characters)." }),
    contact: t.field({ type: 'JSONObject', description: 'Free-form contact details.' }),
    reference: t.field({ type: 'JSONObject', description: 'Free-form reference data.' }),
  }),
});

export const CreateInspectionSessionInput = builder.inputType('CreateInspectionSessionInput', {
  description: 'The POST /v1/sessions body in camelCase.',
  fields: (t) => ({
    session: t.field({ type: SessionSettingsInput, description: "How the capture looks and the integrator's own data." }),
    vehicle: t.field({ type: VehicleInput, description: 'What is known of the vehicle; empty fields are filled from the VIN decode.' }),
    sms: t.field({ type: SmsInvitationInput, description: 'Send the capture link by SMS; left out, no SMS is sent.' }),
  }),
});

export const UpdateInspectionSessionInput = builder.inputType('UpdateInspectionSessionInput', {
  description: 'The PUT /v1/sessions/:key body in camelCase: only what is given changes, in the statuses that allow it.',
  fields: (t) => ({
    theme: t.string({ description: THEME_DESCRIPTION }),
    redirectUrl: t.string({ description: 'Where the capture page sends the person when done (absolute http(s) URL).' }),
    language: t.string({ description: LANGUAGE_DESCRIPTION }),
    vehicle: t.field({ type: VehicleInput, description: 'Merged key by key into the stored vehicle.' }),
    options: t.field({ type: SessionOptionsInput, description: "The integrator's options, merged key by key." }),
    session: t.field({ type: SessionSettingsInput, description: 'The create body group, also accepted here.' }),
  }),
});

/** The POST /v1/sessions body of a createInspectionSession input. */
export function createSessionBody(input: Fields | null | undefined): Fields {
  if (!input) return {};
  return withNested(snakeCased(input), ['session', 'vehicle', 'sms']);
}

/** The PUT /v1/sessions/:key body of an updateInspectionSession input. */
export function updateSessionBody(input: Fields): Fields {
  return withNested(snakeCased(input), ['vehicle', 'options', 'session']);
}

/** Renames the given groups' own fields; free-form objects inside them (contact, reference) stay as sent. */
function withNested(body: Fields, groups: readonly string[]): Fields {
  for (const group of groups) {
    const value = body[group];
    if (value !== null && typeof value === 'object') body[group] = snakeCased(value as Fields);
  }
  return body;
}
