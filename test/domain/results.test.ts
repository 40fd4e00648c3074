import { ACCORD_DECODE } from '../support/vin-decodes.js';
import { describe, expect, it } from 'vitest';
import { assessmentOf, buildSessionResults, type SessionResultsInput } from '../../src/domain/results.js';
import { emptyVehicle } from '../../src/domain/vehicle.js';

const t = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 22, 10, minutes, seconds, 250));

function input(overrides: Partial<SessionResultsInput['session']> = {}): SessionResultsInput {
  return {
    session: {
      sessionKey: 'ABC-1234567890',
      theme: 'PRO',
      status: 'COMPLETE',
      language: 'en',
      redirectUrl: 'https://example.com/done',
      createdAt: t(0),
      inspectStartedAt: t(1),
      inspectEndedAt: t(20),
      completedAt: t(27, 30),
      source: 'api',
      options: {
        clientId: 'client-7',
        sms: { to: '+14155550123', toName: 'Ana', from: null, by: null },
        email: null,
        contact: { email: 'ana@example.com' },
        reference: { claim: 'C-1' },
      },
      ...overrides,
    },
    vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', odomReading: 42000, odomUnit: 'km' },
    vinCaptured: '1HGCM82633A004352',
    odometerCaptured: { reading: 42315, unit: 'km', source: 'photo' },
    photos: [
      { photoCode: 5, url: 'https://x/photos/5b', approved: true, approvedMessage: 'ACCEPTED', capturedAt: t(6) },
      { photoCode: 1, photoLabel: 'VIN', url: 'https://x/photos/1', approved: true, approvedMessage: 'ACCEPTED', capturedAt: t(2) },
      { photoCode: 5, url: 'https://x/photos/5a', approved: false, approvedMessage: 'REJECTED: blurry', capturedAt: t(4) },
      { photoCode: 2, url: 'https://x/photos/2', approved: true, approvedMessage: 'ACCEPTED', capturedAt: t(5, 30) },
    ],
    location: { latitude: 52.52, longitude: 13.405, accuracy: 12, capturedAt: t(1, 30) },
    damages: [
      {
        damageId: 'd1',
        item: 'hood',
        damageType: 'dent',
        grade: 2,
        photoCode: 5,
        region: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 },
        source: 'manual',
        status: 'accepted',
      },
      { damageId: 'd2', item: 'front_bumper', damageType: 'scratch', grade: 1, photoCode: null, region: null, source: 'detector', status: 'accepted' },
      { damageId: 'd3', item: 'hood', damageType: 'scratch', grade: 3, photoCode: 5, region: null, source: 'manual', status: 'accepted' },
      // Neither a declined record nor an open proposal is part of the report.
      { damageId: 'd4', item: 'roof', damageType: 'dent', grade: 5, photoCode: null, region: null, source: 'detector', status: 'declined' },
      { damageId: 'd5', item: 'trunk', damageType: 'rust', grade: 5, photoCode: null, region: null, source: 'detector', status: 'proposed' },
    ],
    review: { reviewedBy: 'inspector.ana', reviewedAt: t(30), detectorRan: true },
  };
}

describe('buildSessionResults', () => {
  it('has every key of docs/rest-guide.md, in order, with event first', () => {
    const results = buildSessionResults(input());
    expect(Object.keys(results)).toEqual(['event', 'session', 'vehicle', 'photos', 'location', 'inspection', 'report']);
    expect(results.event).toBe('SESSION:COMPLETE');
    expect(Object.keys(results.session)).toEqual([
      'session_key',
      'theme',
      'status',
      'language',
      'redirect_url',
      'created_at',
      'inspect_started_at',
      'inspect_ended_at',
      'capture_duration',
      'inspect_duration',
      'source',
      'options',
    ]);
    expect(Object.keys(results.session.options)).toEqual(['client_id', 'contact', 'sms', 'reference']);
    expect(Object.keys(results.vehicle)).toEqual([
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
      'vin_captured',
      'vin_match',
      'decoded',
      'details_match',
      'odom_captured',
      'odom_match',
    ]);
    for (const photo of results.photos) {
      expect(Object.keys(photo)).toEqual(['photo_code', 'photo_label', 'url', 'approved', 'approved_message']);
    }
    expect(Object.keys(results.location ?? {})).toEqual(['latitude', 'longitude', 'accuracy', 'captured_at']);
    expect(Object.keys(results.inspection ?? {})).toEqual([
      'assessment',
      'total_damages',
      'grade',
      'max_grade_per_item',
      'reviewed_by',
      'reviewed_at',
      'damages',
    ]);
    for (const damage of results.inspection?.damages ?? []) {
      expect(Object.keys(damage)).toEqual(['damage_id', 'item', 'damage_type', 'damage', 'grade', 'photo_code', 'region', 'source']);
    }
  });

  it('fills the PRO results', () => {
    expect(buildSessionResults(input())).toEqual({
      event: 'SESSION:COMPLETE',
      session: {
        session_key: 'ABC-1234567890',
        theme: 'PRO',
        status: 'COMPLETE',
        language: 'en',
        redirect_url: 'https://example.com/done',
        created_at: '2026-11-22T10:00:00.250+00:00',
        inspect_started_at: '2026-11-22T10:01:00.250+00:00',
        inspect_ended_at: '2026-11-22T10:20:00.250+00:00',
        capture_duration: 1080, // 10:02 (the first photo) → 10:20 (confirmed)
        inspect_duration: 450, // 10:20 → 10:27:30 (completed)
        source: { type: 'api' },
        options: {
          client_id: 'client-7',
          contact: { email: 'ana@example.com' },
          sms: { to: '+14155550123', to_name: 'Ana', from: null, by: null },
          reference: { claim: 'C-1' },
        },
      },
      vehicle: {
        vin: '1HGCM82633A004352',
        year: 2019,
        make: 'Honda',
        model: null,
        body_type: null,
        trim: null,
        transmission: null,
        ext_col: null,
        int_col: null,
        odom_reading: 42000,
        odom_unit: 'km',
        vin_captured: '1HGCM82633A004352',
        vin_match: true,
        decoded: null,
        details_match: null,
        odom_captured: { reading: 42315, unit: 'km', source: 'photo' },
        odom_match: true,
      },
      photos: [
        { photo_code: 1, photo_label: 'VIN', url: 'https://x/photos/1', approved: true, approved_message: 'ACCEPTED' },
        { photo_code: 2, photo_label: 'Interior', url: 'https://x/photos/2', approved: true, approved_message: 'ACCEPTED' },
        { photo_code: 5, photo_label: 'Front', url: 'https://x/photos/5b', approved: true, approved_message: 'ACCEPTED' },
      ],
      location: { latitude: 52.52, longitude: 13.405, accuracy: 12, captured_at: '2026-11-22T10:01:30.250+00:00' },
      inspection: {
        assessment: 'ASSESSED',
        total_damages: 3,
        grade: 3,
        max_grade_per_item: { front_bumper: 1, hood: 3 },
        reviewed_by: 'inspector.ana',
        reviewed_at: '2026-11-22T10:30:00.250+00:00',
        damages: [
          {
            damage_id: 'd1',
            item: 'hood',
            damage_type: 'dent',
            damage: 'dent',
            grade: 2,
            photo_code: 5,
            region: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 },
            source: 'manual',
          },
          { damage_id: 'd2', item: 'front_bumper', damage_type: 'scratch', damage: 'scratch', grade: 1, photo_code: null, region: null, source: 'detector' },
          { damage_id: 'd3', item: 'hood', damage_type: 'scratch', damage: 'scratch', grade: 3, photo_code: 5, region: null, source: 'manual' },
        ],
      },
      report: null,
    });
  });

  it('carries the report links, with their expiry as a timestamp', () => {
    const reportLink = { url: 'https://x.example/reports/t', pdfUrl: 'https://x.example/reports/t.pdf', expiresAt: new Date('2026-12-22T10:30:00.250Z') };
    expect(buildSessionResults({ ...input(), reportLink }).report).toEqual({
      url: 'https://x.example/reports/t',
      pdf_url: 'https://x.example/reports/t.pdf',
      expires_at: '2026-12-22T10:30:00.250+00:00',
      revision: 1,
    });
    expect(buildSessionResults({ ...input(), reportLink: { ...reportLink, revision: 3 } }).report?.revision).toBe(3);
  });

  it("compares the captured VIN with the integrator's: false when they differ, null when either is missing", () => {
    expect(buildSessionResults({ ...input(), vinCaptured: '2T1BURHE0JC014702' }).vehicle).toMatchObject({
      vin_captured: '2T1BURHE0JC014702',
      vin_match: false,
    });
    expect(buildSessionResults({ ...input(), vinCaptured: null }).vehicle).toMatchObject({ vin_captured: null, vin_match: null });
    expect(buildSessionResults({ ...input(), vehicle: null }).vehicle).toMatchObject({ vin: null, vin_captured: '1HGCM82633A004352', vin_match: null });
  });

  it("compares the captured odometer with the integrator's: miles converted, null when either is missing", () => {
    const typed = { reading: 30_000, unit: 'mi' as const, source: 'typed' as const };
    expect(buildSessionResults({ ...input(), odometerCaptured: typed }).vehicle).toMatchObject({ odom_captured: typed, odom_match: false });
    const given = { ...input().vehicle, odomReading: 48_000, odomUnit: 'km' as const };
    expect(buildSessionResults({ ...input(), vehicle: given, odometerCaptured: typed }).vehicle).toMatchObject({ odom_match: true });
    expect(buildSessionResults({ ...input(), odometerCaptured: null }).vehicle).toMatchObject({ odom_captured: null, odom_match: null });
    expect(buildSessionResults({ ...input(), vehicle: { vin: null } }).vehicle).toMatchObject({ odom_match: null });
  });

  it('carries the VIN decode, fills the empty fields from it and flags the year that contradicts it', () => {
    const decodedVehicle = ACCORD_DECODE;
    expect(buildSessionResults({ ...input(), decodedVehicle }).vehicle).toMatchObject({
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-V6',
      body_type: 'Coupe',
      decoded: decodedVehicle,
      details_match: false,
    });
  });

  it('has no inspection for CAPT, keeping every other group', () => {
    const results = buildSessionResults(input({ theme: 'CAPT' }));
    expect(results.inspection).toBeNull();
    expect(Object.keys(results)).toEqual(['event', 'session', 'vehicle', 'photos', 'location', 'inspection', 'report']);
    expect(results.session.theme).toBe('CAPT');
    expect(results.photos).toHaveLength(3);
  });

  it('reports a reviewed undamaged PRO vehicle as grade 5 with no damages', () => {
    const results = buildSessionResults({ ...input(), damages: [] });
    expect(results.inspection).toMatchObject({ assessment: 'ASSESSED', total_damages: 0, grade: 5, max_grade_per_item: {}, damages: [] });
  });

  it('claims no condition nobody assessed: no review, no accepted damage, no detector → NOT_ASSESSED, grade null', () => {
    const proposalsOnly = input().damages.filter((damage) => damage.status !== 'accepted');
    const results = buildSessionResults({ ...input(), damages: proposalsOnly, review: { reviewedBy: null, reviewedAt: null, detectorRan: false } });
    expect(results.inspection).toEqual({
      assessment: 'NOT_ASSESSED',
      total_damages: 0,
      grade: null,
      max_grade_per_item: {},
      reviewed_by: null,
      reviewed_at: null,
      damages: [],
    });
  });

  it('is ASSESSED by any one of: a completed review, an accepted damage, a detector run', () => {
    const none = { reviewedBy: null, reviewedAt: null, detectorRan: false };
    const assessment = (damages: SessionResultsInput['damages'], review: SessionResultsInput['review']) => assessmentOf(damages, review);
    const accepted = input().damages.slice(0, 1);
    expect(assessment([], none)).toBe('NOT_ASSESSED');
    expect(assessment([], { ...none, reviewedBy: 'api', reviewedAt: t(30) })).toBe('ASSESSED');
    expect(assessment(accepted, none)).toBe('ASSESSED');
    expect(assessment([], { ...none, detectorRan: true })).toBe('ASSESSED');
    const auto = buildSessionResults({ ...input(), damages: accepted, review: none });
    expect(auto.inspection).toMatchObject({ assessment: 'ASSESSED', grade: 4, total_damages: 1, reviewed_by: null });
  });

  it('gives null for unknowns: vehicle fields, location, times and durations', () => {
    const results = buildSessionResults({
      ...input({ inspectStartedAt: null, inspectEndedAt: null, completedAt: null, language: null, redirectUrl: null }),
      vehicle: null,
      vinCaptured: null,
      odometerCaptured: null,
      location: null,
      photos: [],
    });
    expect(results.vehicle).toEqual(Object.fromEntries(Object.keys(buildSessionResults(input()).vehicle).map((key) => [key, null])));
    expect(results.location).toBeNull();
    expect(results.session).toMatchObject({
      inspect_started_at: null,
      inspect_ended_at: null,
      capture_duration: null,
      inspect_duration: null,
      language: null,
      redirect_url: null,
    });
    expect(results.photos).toEqual([]);
  });

  it('counts the capture from the first photo taken, rejected or not, to the confirmation', () => {
    const results = buildSessionResults({
      ...input(),
      photos: [{ photoCode: 1, url: 'u', approved: false, approvedMessage: 'REJECTED: dark', capturedAt: t(3) }],
    });
    expect(results.session.capture_duration).toBe(1020); // 10:03 → 10:20
    expect(results.session.inspect_duration).toBe(450);
  });

  it('has no durations before confirmation, and no inspect duration before completion', () => {
    const unconfirmed = buildSessionResults(input({ inspectEndedAt: null, completedAt: null }));
    expect(unconfirmed.session).toMatchObject({ capture_duration: null, inspect_duration: null });
    const waiting = buildSessionResults(input({ completedAt: null }));
    expect(waiting.session).toMatchObject({ capture_duration: 1080, inspect_duration: null });
  });

  it('says who created the session', () => {
    expect(buildSessionResults(input({ source: 'dashboard' })).session.source).toEqual({ type: 'dashboard' });
  });

  it('takes a full Vehicle as well as a partial one, and null sms', () => {
    const base = input();
    const results = buildSessionResults({
      ...base,
      session: { ...base.session, options: { clientId: null, sms: null, email: null, contact: null, reference: null } },
      vehicle: emptyVehicle(),
      vinCaptured: null,
      odometerCaptured: null,
    });
    expect(results.session.options).toEqual({ client_id: null, contact: null, sms: null, reference: null });
    expect(Object.values(results.vehicle).every((value) => value === null)).toBe(true);
  });

  it('is plain JSON (what GET .../results and the webhook send)', () => {
    const results = buildSessionResults(input());
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });
});
