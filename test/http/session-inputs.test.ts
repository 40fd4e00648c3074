// The GraphQL inputs of createInspectionSession and updateInspectionSession are made from the REST bodies' zod schemas
// (src/http/graphql/session-inputs.ts): every field of a body is there in camelCase, and an input becomes the body the
// REST face would have received, groups renamed and free-form objects left as sent.
import { isInputObjectType, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/http/graphql/schema.js';
import { createSessionBody, updateSessionBody } from '../../src/http/graphql/session-inputs.js';
import { parseCreateSessionBody, parseUpdateSessionBody } from '../../src/domain/session-input.js';

function inputFields(name: string): string[] {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return Object.keys((type as GraphQLInputObjectType).getFields()).sort();
}

describe('the session inputs', () => {
  it('have every group and field of the REST bodies, the email invitation included', () => {
    expect(inputFields('CreateInspectionSessionInput')).toEqual(['email', 'session', 'sms', 'vehicle']);
    expect(inputFields('UpdateInspectionSessionInput')).toEqual(['language', 'options', 'redirectUrl', 'session', 'theme', 'vehicle']);
    expect(inputFields('EmailInvitationInput')).toEqual(['to', 'toName']);
    expect(inputFields('SmsInvitationInput')).toEqual(['by', 'from', 'to', 'toName']);
    expect(inputFields('SessionSettingsInput')).toEqual(['clientId', 'contact', 'language', 'redirectUrl', 'reference', 'theme']);
    expect(inputFields('SessionOptionsInput')).toEqual(['clientId', 'contact', 'reference']);
    expect(inputFields('VehicleInput')).toEqual([
      'bodyType',
      'extCol',
      'intCol',
      'make',
      'model',
      'odomReading',
      'odomUnit',
      'transmission',
      'trim',
      'vin',
      'year',
    ]);
  });

  it('become the REST body: groups renamed, free-form objects as sent, omitted fields absent, nulls kept', () => {
    const contact = { firstName: 'Ana', phones: [{ countryCode: '+34' }] };
    const body = createSessionBody({
      session: { clientId: 'C-1', contact, redirectUrl: null, theme: undefined },
      vehicle: { odomReading: 48213, odomUnit: 'km', extCol: 'red' },
      sms: { to: '+14155550123', toName: 'Ana' },
      email: { to: 'ana@example.com', toName: 'Ana' },
    });
    expect(body).toEqual({
      session: { client_id: 'C-1', contact, redirect_url: null },
      vehicle: { odom_reading: 48213, odom_unit: 'km', ext_col: 'red' },
      sms: { to: '+14155550123', to_name: 'Ana' },
      email: { to: 'ana@example.com', to_name: 'Ana' },
    });
    const parsed = parseCreateSessionBody(body);
    expect(parsed.ok && parsed.value.options.email).toEqual({ to: 'ana@example.com', toName: 'Ana' });
    expect(createSessionBody(null)).toEqual({});

    const update = updateSessionBody({
      options: { clientId: 'C-2', reference: { poNumber: 7 } },
      vehicle: { bodyType: 'Sedan' },
      session: { redirectUrl: 'https://example.com/done' },
    });
    expect(update).toEqual({
      options: { client_id: 'C-2', reference: { poNumber: 7 } },
      vehicle: { body_type: 'Sedan' },
      session: { redirect_url: 'https://example.com/done' },
    });
    expect(parseUpdateSessionBody(update).ok).toBe(true);
  });

  it('leave the rules to the schema: an SMS group without a number is refused in its words', () => {
    const parsed = parseCreateSessionBody(createSessionBody({ sms: { toName: 'Ana' } }));
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining('sms.to is required when sms is given.') });
  });
});
