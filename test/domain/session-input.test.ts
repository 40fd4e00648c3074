import { describe, expect, it } from 'vitest';
import { parseCreateSessionBody, parseUpdateSessionBody } from '../../src/domain/session-input.js';
import { checkSessionUpdate } from '../../src/domain/statuses.js';
import { emptyVehicle, maxVehicleYear, vehicleApiObject } from '../../src/domain/vehicle.js';

const now = new Date('2026-11-22T00:00:00Z');
const create = (body: unknown) => parseCreateSessionBody(body, now);
const update = (body: unknown) => parseUpdateSessionBody(body, now);
const messageOf = (result: { ok: boolean; message?: string }) => (result.ok ? null : result.message);

describe('parseCreateSessionBody: accepted bodies', () => {
  it('fills every field with null when the body is {}', () => {
    expect(create({})).toEqual({
      ok: true,
      value: {
        theme: null,
        redirectUrl: null,
        language: null,
        vehicle: emptyVehicle(),
        options: { clientId: null, sms: null, email: null, contact: null, reference: null },
      },
    });
  });

  it('normalises a full body to camelCase', () => {
    const result = create({
      session: {
        theme: 'LITE',
        redirect_url: 'https://example.com/done',
        language: 'en-US',
        client_id: ' client-7 ',
        contact: { email: 'ana@example.com' },
        reference: { claim: 'C-1' },
      },
      vehicle: {
        vin: '1hgcm82633a004352',
        year: 2019,
        make: 'Honda',
        model: 'Accord',
        body_type: 'Sedan',
        trim: 'EX',
        transmission: 'Automatic',
        ext_col: 'Blue',
        int_col: 'Black',
        odom_reading: 42000.5,
        odom_unit: 'mi',
      },
      sms: { to: '+1 (415) 555-0123', to_name: 'Ana', from: 'ACME', by: 'agent-1' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        theme: 'LITE',
        redirectUrl: 'https://example.com/done',
        language: 'en',
        vehicle: {
          vin: '1HGCM82633A004352',
          year: 2019,
          make: 'Honda',
          model: 'Accord',
          bodyType: 'Sedan',
          trim: 'EX',
          transmission: 'Automatic',
          extCol: 'Blue',
          intCol: 'Black',
          odomReading: 42000.5,
          odomUnit: 'mi',
        },
        options: {
          clientId: 'client-7',
          sms: { to: '+14155550123', toName: 'Ana', from: 'ACME', by: 'agent-1' },
          email: null,
          contact: { email: 'ana@example.com' },
          reference: { claim: 'C-1' },
        },
      },
    });
  });

  it('treats null groups, null fields and blank text as unknown', () => {
    expect(create({ session: null, vehicle: null, sms: null })).toEqual(create({}));
    const result = create({ session: { theme: null, language: '' }, vehicle: { vin: ' ', make: '', year: null } });
    expect(result).toEqual(create({}));
  });

  it('accepts the year bounds 1886 and next year', () => {
    expect(maxVehicleYear(now)).toBe(2027);
    expect(create({ vehicle: { year: 1886 } }).ok).toBe(true);
    expect(create({ vehicle: { year: 2027 } }).ok).toBe(true);
  });

  it('accepts a short pre-1981 chassis number and odometer 0', () => {
    expect(create({ vehicle: { vin: 'AB12345', odom_reading: 0, odom_unit: 'km' } })).toMatchObject({
      ok: true,
      value: { vehicle: { vin: 'AB12345', odomReading: 0, odomUnit: 'km' } },
    });
  });

  it("takes the reference product's KILOMETRES and MILES as km and mi", () => {
    expect(create({ vehicle: { odom_unit: 'KILOMETRES' } })).toMatchObject({ ok: true, value: { vehicle: { odomUnit: 'km' } } });
    expect(create({ vehicle: { odom_unit: 'MILES' } })).toMatchObject({ ok: true, value: { vehicle: { odomUnit: 'mi' } } });
  });
});

describe('parseCreateSessionBody: messages name the field', () => {
  const cases: [string, unknown, string][] = [
    ['non-object body', [], 'The request body must be a JSON object.'],
    ['null body', null, 'The request body must be a JSON object.'],
    ['unknown top-level field', { foo: 1 }, 'Unknown field foo. Use session, vehicle, sms, email.'],
    ['unknown top-level fields', { foo: 1, bar: 2, vehicle: {} }, 'Unknown fields foo, bar. Use session, vehicle, sms, email.'],
    ['unknown session field', { session: { colour: 1 } }, 'Unknown field session.colour. Use theme, redirect_url, language, client_id, contact, reference.'],
    [
      'unknown vehicle field',
      { vehicle: { color: 'red' } },
      'Unknown field vehicle.color. Use vin, year, make, model, body_type, trim, transmission, ext_col, int_col, odom_reading, odom_unit.',
    ],
    ['unknown theme', { session: { theme: 'XYZ' } }, 'Unknown theme XYZ. Use one of PRO, LITE, CAPT.'],
    ['lower-case theme', { session: { theme: 'pro' } }, 'Unknown theme pro. Use one of PRO, LITE, CAPT.'],
    ['non-string theme', { session: { theme: 3 } }, 'session.theme must be one of PRO, LITE, CAPT.'],
    ['ftp redirect', { session: { redirect_url: 'ftp://example.com' } }, 'session.redirect_url must be an absolute http(s) URL.'],
    ['relative redirect', { session: { redirect_url: '/done' } }, 'session.redirect_url must be an absolute http(s) URL.'],
    [
      'bad language',
      { session: { language: 'English please' } },
      'session.language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).',
    ],
    [
      'unsupported language',
      { session: { language: 'it' } },
      'session.language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).',
    ],
    [
      'unsupported regional language',
      { session: { language: 'zh-CN' } },
      'session.language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).',
    ],
    [
      'numeric language',
      { session: { language: 7 } },
      'session.language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).',
    ],
    ['array contact', { session: { contact: ['a'] } }, 'session.contact must be a JSON object.'],
    ['string reference', { session: { reference: 'R-1' } }, 'session.reference must be a JSON object.'],
    ['group not an object', { vehicle: 'Honda' }, 'vehicle must be a JSON object.'],
    ['year too early', { vehicle: { year: 1885 } }, 'vehicle.year must be an integer between 1886 and 2027.'],
    ['year too late', { vehicle: { year: 2028 } }, 'vehicle.year must be an integer between 1886 and 2027.'],
    ['fractional year', { vehicle: { year: 2019.5 } }, 'vehicle.year must be an integer between 1886 and 2027.'],
    ['string year', { vehicle: { year: '2019' } }, 'vehicle.year must be an integer between 1886 and 2027.'],
    ['VIN with O', { vehicle: { vin: '1HGCM82633O004352' } }, 'vehicle.vin must be at most 17 letters and digits, without I, O or Q.'],
    ['VIN too long', { vehicle: { vin: '1HGCM82633A0043521' } }, 'vehicle.vin must be at most 17 letters and digits, without I, O or Q.'],
    ['VIN with a dash', { vehicle: { vin: '1HGCM-82633' } }, 'vehicle.vin must be at most 17 letters and digits, without I, O or Q.'],
    ['negative odometer', { vehicle: { odom_reading: -1 } }, 'vehicle.odom_reading must be a number of at least 0.'],
    ['string odometer', { vehicle: { odom_reading: '100' } }, 'vehicle.odom_reading must be a number of at least 0.'],
    ['bad odometer unit', { vehicle: { odom_unit: 'miles' } }, 'vehicle.odom_unit must be km or mi.'],
    ['long make', { vehicle: { make: 'x'.repeat(101) } }, 'vehicle.make must be a string of at most 100 characters.'],
    ['numeric model', { vehicle: { model: 3 } }, 'vehicle.model must be a string of at most 100 characters.'],
    ['sms without to', { sms: { to_name: 'Ana' } }, 'sms.to is required when sms is given.'],
    ['local phone', { sms: { to: '4155550123' } }, 'sms.to must be a phone number in international format, such as +14155550123.'],
    ['letters in phone', { sms: { to: '+1415CALLME' } }, 'sms.to must be a phone number in international format, such as +14155550123.'],
    ['unknown sms field', { sms: { to: '+14155550123', text: 'hi' } }, 'Unknown field sms.text. Use to, to_name, from, by.'],
    ['email without to', { email: { to_name: 'Ana' } }, 'email.to is required when email is given.'],
    ['email not an address', { email: { to: 'ana at example' } }, 'email.to must be an email address.'],
    ['unknown email field', { email: { to: 'ana@example.com', cc: 'x@example.com' } }, 'Unknown field email.cc. Use to, to_name.'],
    ['long sender', { sms: { to: '+14155550123', from: 'x'.repeat(33) } }, 'sms.from must be a string of at most 32 characters.'],
  ];
  for (const [name, body, message] of cases) {
    it(name, () => {
      expect(create(body)).toEqual({ ok: false, message });
    });
  }

  it('reports an unknown field before other problems', () => {
    expect(messageOf(create({ vehicle: { year: 1, colour: 'red' } }))).toMatch(/^Unknown field vehicle\.colour\./);
  });

  it('refuses "__proto__" as an unknown field', () => {
    expect(messageOf(create(JSON.parse('{"__proto__": {"x": 1}}')))).toMatch(/^Unknown field __proto__\./);
  });
});

describe('session language', () => {
  it('keeps the five capture languages and stores a regional or upper-case tag as its language', () => {
    for (const [given, stored] of [
      ['en', 'en'],
      ['es', 'es'],
      ['fr', 'fr'],
      ['de', 'de'],
      ['pt', 'pt'],
      ['pt-BR', 'pt'],
      ['EN-us', 'en'],
      [' de ', 'de'],
      ['', null],
      [null, null],
    ] as const) {
      const created = create({ session: { language: given } });
      expect(created.ok && created.value.language).toBe(stored);
      const updated = update({ language: given });
      expect(updated.ok && updated.value.language).toBe(stored);
    }
  });
});

describe('parseUpdateSessionBody', () => {
  it('takes the representation shape and lists the touched fields', () => {
    expect(
      update({
        theme: 'CAPT',
        redirect_url: 'https://example.com/next',
        language: 'fr',
        vehicle: { make: 'VW', year: null },
        options: { client_id: 'c2', reference: { claim: 'C-2' } },
      }),
    ).toEqual({
      ok: true,
      value: {
        theme: 'CAPT',
        redirectUrl: 'https://example.com/next',
        language: 'fr',
        vehicle: { make: 'VW', year: null },
        options: { clientId: 'c2', reference: { claim: 'C-2' } },
      },
      fields: ['theme', 'redirect_url', 'language', 'vehicle', 'options'],
    });
  });

  it("also takes the create body's session group", () => {
    expect(update({ session: { theme: 'LITE', language: 'de', client_id: 'c3', contact: { phone: '+49' } } })).toEqual({
      ok: true,
      value: { theme: 'LITE', language: 'de', options: { clientId: 'c3', contact: { phone: '+49' } } },
      fields: ['theme', 'language', 'options'],
    });
  });

  it('keeps only what was sent; null clears redirect_url', () => {
    expect(update({ redirect_url: null })).toEqual({ ok: true, value: { redirectUrl: null }, fields: ['redirect_url'] });
    expect(update({})).toEqual({ ok: true, value: {}, fields: [] });
    expect(update({ vehicle: {} })).toEqual({ ok: true, value: { vehicle: {} }, fields: ['vehicle'] });
  });

  it('feeds checkSessionUpdate with API field names', () => {
    const result = update({ theme: 'LITE', vehicle: { make: 'VW' } });
    if (!result.ok) throw new Error(result.message);
    expect(checkSessionUpdate('IDLE', result.fields)).toBeNull();
    expect(checkSessionUpdate('PROCESS', result.fields)).toBe('theme can only be changed while the session is IDLE; it is PROCESS.');
  });

  const cases: [string, unknown, string][] = [
    ['non-object body', 'theme=PRO', 'The request body must be a JSON object.'],
    ['unknown field', { sms: { to: '+14155550123' } }, 'Unknown field sms. Use theme, redirect_url, language, vehicle, options, session.'],
    ['unknown option', { options: { sms: {} } }, 'Unknown field options.sms. Use client_id, contact, reference.'],
    ['unknown theme', { theme: 'GOLD' }, 'Unknown theme GOLD. Use one of PRO, LITE, CAPT.'],
    ['null theme', { theme: null }, 'theme must be one of PRO, LITE, CAPT.'],
    ['null theme in session', { session: { theme: null } }, 'session.theme must be one of PRO, LITE, CAPT.'],
    ['null vehicle', { vehicle: null }, 'vehicle must be a JSON object.'],
    ['unsupported language', { language: 'klingon' }, 'language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).'],
    [
      'unsupported language in session',
      { session: { language: 'nl' } },
      'session.language must be one of en, es, fr, de, pt (a regional tag such as pt-BR counts as its language).',
    ],
    ['bad year', { vehicle: { year: 3000 } }, 'vehicle.year must be an integer between 1886 and 2027.'],
    ['bad redirect', { redirect_url: 'javascript:alert(1)' }, 'redirect_url must be an absolute http(s) URL.'],
    ['field sent twice', { theme: 'PRO', session: { theme: 'PRO' } }, 'theme is given both at the top level and in session; send it once.'],
    ['option sent twice', { options: { contact: {} }, session: { contact: {} } }, 'contact is given both in options and in session; send it once.'],
  ];
  for (const [name, body, message] of cases) {
    it(`refuses: ${name}`, () => {
      expect(update(body)).toEqual({ ok: false, message });
    });
  }
});

describe('vehicleApiObject', () => {
  it('always has the 11 API keys in order, null when unknown', () => {
    expect(vehicleApiObject({ vin: 'AB1', odomReading: 5 })).toEqual({
      vin: 'AB1',
      year: null,
      make: null,
      model: null,
      body_type: null,
      trim: null,
      transmission: null,
      ext_col: null,
      int_col: null,
      odom_reading: 5,
      odom_unit: null,
    });
    expect(Object.keys(vehicleApiObject(null))).toEqual([
      'vin',
      'year',
      'make',
      'model',
      'body_type',
      'trim',
      'transmission',
      'ext_col',
      'int_col',
      'odom_reading',
      'odom_unit',
    ]);
  });
});

describe('echoed input', () => {
  it('is cut short in messages', () => {
    expect(messageOf(create({ session: { theme: 'X'.repeat(500) } }))).toBe(`Unknown theme ${'X'.repeat(40)}…. Use one of PRO, LITE, CAPT.`);
  });
});

describe('free-form JSON objects', () => {
  it('refuses keys MongoDB gives meaning to, and oversize or deep objects', () => {
    const refused = [
      { session: { contact: { $where: '1' } } },
      { session: { reference: { 'a.b': 1 } } },
      { session: { reference: { nested: { $gt: 1 } } } },
      { session: { reference: { list: [{ $in: [1] }] } } },
      { session: { reference: { blob: 'x'.repeat(17 * 1024) } } },
      { session: { reference: JSON.parse(`${'{"a":'.repeat(10)}1${'}'.repeat(10)}`) } },
    ];
    for (const body of refused) {
      const result = parseCreateSessionBody(body);
      expect(result.ok).toBe(false);
    }
    expect(parseCreateSessionBody({ session: { reference: { claim: 'C-1', tags: ['a'], money: { amount: 5 } } } }).ok).toBe(true);
  });
});
