// The typed inputs of createInspectionSession and updateInspectionSession, made from the zod schemas of the REST
// bodies of POST and PUT /v1/sessions (src/domain/session-input.ts) with camelCase field names. Each input is turned
// back into its REST body and checked by the same schema, so a field added there appears here and a mistake reads the
// same on both faces.
import { sessionBodySchemas } from '../../domain/session-input.js';
import { derivedInput } from './zod-inputs.js';

const { createBody, updateBody } = sessionBodySchemas();

const createInput = derivedInput('CreateInspectionSessionInput', 'The POST /v1/sessions body in camelCase.', createBody, {
  session: 'SessionSettingsInput',
  vehicle: 'VehicleInput',
  sms: 'SmsInvitationInput',
  email: 'EmailInvitationInput',
});

const updateInput = derivedInput(
  'UpdateInspectionSessionInput',
  'The PUT /v1/sessions/:key body in camelCase: only what is given changes, in the statuses that allow it.',
  updateBody,
  { vehicle: 'VehicleInput', options: 'SessionOptionsInput', session: 'SessionSettingsInput' },
);

export const CreateInspectionSessionInput = createInput.type;
export const UpdateInspectionSessionInput = updateInput.type;

/** The POST /v1/sessions body of a createInspectionSession input. */
export const createSessionBody = createInput.restBody;

/** The PUT /v1/sessions/:key body of an updateInspectionSession input. */
export const updateSessionBody = updateInput.restBody;
