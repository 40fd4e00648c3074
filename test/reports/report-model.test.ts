// The report model is what both documents draw: bounded whatever the session holds, times readable with their zone,
// photos numbered in order and named by view.
import { describe, expect, it } from 'vitest';
import { buildConditionReport, REPORT_LIMITS, type ReportNoteInput } from '../../src/reports/report-model.js';
import { reportWords } from '../../src/reports/report-words.js';
import type { SessionResults } from '../../src/domain/results.js';

const GENERATED = new Date('2026-11-23T07:02:39.053Z');

function results(overrides: Partial<SessionResults> = {}): SessionResults {
  return {
    session: {
      session_key: 'ABC-1234567890',
      theme: 'LITE',
      created_at: '2026-11-23T06:58:00.000Z',
      inspect_started_at: '2026-11-23T06:59:10.000Z',
      inspect_ended_at: null,
      capture_duration: 75,
      inspect_duration: null,
    },
    vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord' },
    photos: [1, 2, 4, 5, 7, 8].map((code) => ({
      photo_code: code,
      photo_label: ({ 1: 'VIN', 2: 'Interior', 4: 'Left', 5: 'Front', 7: 'Right', 8: 'Rear' } as Record<number, string>)[code] as string,
      url: `https://example.test/photos/${code}`,
      approved: code !== 7,
      approved_message: code === 7 ? 'REJECTED: Too dark' : 'ACCEPTED',
    })),
    location: null,
    inspection: {
      total_damages: 1,
      grade: 3,
      max_grade_per_item: { front_bumper: 3 },
      damages: [{ item: 'front_bumper', damage: 'scratch', grade: 3, photo_code: 5, source: 'manual' }],
    },
    ...overrides,
  } as unknown as SessionResults;
}

const note = (index: number, length = 10): ReportNoteInput => ({
  title: `title ${index}`,
  description: 'x'.repeat(length),
  user: 'guest',
  createdAt: new Date(Date.parse('2026-11-23T07:00:00.000Z') + index * 1000),
});

describe('the condition report model', () => {
  it('numbers photos 1..n and names them by view, never by photo code', () => {
    const report = buildConditionReport(results(), { newest: [], total: 0 }, GENERATED);
    expect(report.photos.map((photo) => `${photo.number}. ${photo.view}`)).toEqual([
      '1. VIN sticker',
      '2. Interior',
      '3. Driver side',
      '4. Front',
      '5. Passenger side',
      '6. Rear',
    ]);
    expect(report.photos.map((photo) => photo.code)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(report.photos[4]?.message).toBe('Rejected: Too dark');
    expect(report.damages[0]).toMatchObject({ item: 'Front bumper', photo: 'Front' });
  });

  it("is written in the session's language: labels, views, parts, damage types, grade words and dates", () => {
    const base = results();
    const spanish = buildConditionReport(
      results({
        inspection: {
          ...base.inspection,
          assessment: 'ASSESSED',
          max_grade_per_item: { left_front_door: 3 },
          damages: [{ item: 'left_front_door', damage_type: 'dent', damage: 'dent', grade: 3, photo_code: 4, source: 'detector' }],
        },
      } as never),
      { newest: [note(1)], total: 1 },
      GENERATED,
      { words: reportWords('es') },
    );
    expect(spanish.title).toBe('Informe de estado — 2019 Honda Accord');
    expect(spanish.overallGrade).toEqual({ value: 3, name: 'Aceptable' });
    expect(spanish.damages[0]).toMatchObject({
      item: 'Puerta delantera, lado del conductor',
      damage: 'Abolladura',
      photo: 'Lado del conductor',
      source: 'Detector de daños',
    });
    expect(spanish.maxGradePerItem).toEqual([['Puerta delantera, lado del conductor', 3]]);
    expect(spanish.photos[0]?.message).toBe('Aceptada');
    expect(spanish.vehicleRows[0]).toEqual(['VIN', '1HGCM82633A004352']);
    expect(spanish.generatedAt).toBe('23 nov 2026, 07:02 UTC');
    expect(spanish.timeline[0]).toEqual(['Creada', '23 nov 2026, 06:58 UTC']);
    expect(spanish.timeline[3]).toEqual(['Duración de la captura', '1 min 15 s']);
    const german = buildConditionReport(results(), { newest: [], total: 0 }, GENERATED, { words: reportWords('de') });
    expect(german.generatedAt).toBe('23. Nov. 2026, 07:02 UTC');
    expect(german.overallGrade?.name).toBe('Befriedigend');
  });

  it('shows what the VIN decodes to, flagged in the session language when the given details contradict it', () => {
    const decoded = { vin: '1HGCM82633A004352', valid: true, year: 2003, make: 'HONDA', model: 'Accord', trim: 'EX' };
    const agreeing = buildConditionReport(
      results({ vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', decoded, details_match: true } } as never),
      { newest: [], total: 0 },
      GENERATED,
    );
    expect(agreeing.vehicleRows.at(-1)).toEqual(['From the VIN', '2003 HONDA Accord EX']);
    const contradicted = buildConditionReport(
      results({ vehicle: { vin: '1HGCM82633A004352', make: 'Toyota', decoded, details_match: false } } as never),
      { newest: [], total: 0 },
      GENERATED,
      { words: reportWords('fr') },
    );
    expect(contradicted.vehicleRows.at(-1)).toEqual(['D’après le VIN', '2003 HONDA Accord EX — NE correspond PAS à l’année, la marque ou le modèle indiqués']);
    const none = buildConditionReport(results({ vehicle: { vin: null, decoded: null, details_match: null } } as never), { newest: [], total: 0 }, GENERATED);
    expect(none.vehicleRows.map(([label]) => label)).not.toContain('From the VIN');
  });

  it('shows the odometer the person captured, flagged in the session language when it does not match the given one', () => {
    const confirmed = buildConditionReport(
      results({
        vehicle: { vin: null, odom_reading: 48000, odom_unit: 'km', odom_captured: { reading: 48213, unit: 'km', source: 'photo' }, odom_match: true },
      } as never),
      { newest: [], total: 0 },
      GENERATED,
    );
    expect(confirmed.vehicleRows).toContainEqual(['Odometer captured', '48,213 km']);
    expect(confirmed.vehicleRows).toContainEqual(['Odometer', '48,000 km']);
    const far = buildConditionReport(
      results({
        vehicle: { vin: null, odom_reading: 30000, odom_unit: 'mi', odom_captured: { reading: 61000, unit: 'mi', source: 'typed' }, odom_match: false },
      } as never),
      { newest: [], total: 0 },
      GENERATED,
      { words: reportWords('de') },
    );
    expect(far.vehicleRows.at(-1)).toEqual(['Erfasster Kilometerstand', '61.000 mi — stimmt NICHT mit dem angegebenen Kilometerstand überein']);
    expect(far.vehicleRows.map(([, value]) => value)).toContain('30.000 mi');
    const none = buildConditionReport(results({ vehicle: { vin: null, odom_captured: null, odom_match: null } } as never), { newest: [], total: 0 }, GENERATED);
    expect(none.vehicleRows.map(([label]) => label)).not.toContain('Odometer captured');
  });

  it('names the dealer, not "api", as the reviewer of a review completed over the API', () => {
    const reviewed = (by: string) =>
      buildConditionReport(
        results({ inspection: { ...results().inspection, reviewed_by: by, reviewed_at: '2026-11-28T02:00:00.000Z' } } as never),
        { newest: [], total: 0 },
        GENERATED,
        { brand: { name: 'Northside Motors', color: '#0b6e4f' } },
      ).review?.by;
    expect(reviewed('api')).toBe('Northside Motors');
    expect(reviewed('ana.inspector')).toBe('ana.inspector');
  });

  it('names the theme in words with its number of photos, not by its API name', () => {
    expect(buildConditionReport(results(), { newest: [], total: 0 }, GENERATED).theme).toBe('quick inspection, 6 photos');
    expect(buildConditionReport(results(), { newest: [], total: 0 }, GENERATED, { words: reportWords('es') }).theme).toBe('inspección rápida, 6 fotos');
  });

  it('writes an unknown or missing language in English', () => {
    for (const language of [null, 'it', undefined]) {
      expect(buildConditionReport(results(), { newest: [], total: 0 }, GENERATED, { words: reportWords(language) }).title).toBe(
        'Condition report — 2019 Honda Accord',
      );
    }
  });

  it('shows times readable, with their time zone', () => {
    const report = buildConditionReport(results(), { newest: [note(1)], total: 1 }, GENERATED);
    expect(report.generatedAt).toBe('23 Nov 2026, 07:02 UTC');
    expect(report.notes[0]?.createdAt).toBe('23 Nov 2026, 07:00 UTC');
    expect(report.timeline).toContainEqual(['Created', '23 Nov 2026, 06:58 UTC']);
    expect(report.timeline).toContainEqual(['Inspection ended', '—']);
  });

  it('keeps the newest notes, oldest first, counts the rest and cuts long texts', () => {
    const all = Array.from({ length: 200 }, (_, index) => note(index, 5000));
    const report = buildConditionReport(results(), { newest: all.slice(-REPORT_LIMITS.notes).reverse(), total: all.length }, GENERATED);
    expect(report.notes).toHaveLength(REPORT_LIMITS.notes);
    expect(report.notes[0]?.title).toBe(`title ${200 - REPORT_LIMITS.notes}`);
    expect(report.notes.at(-1)?.title).toBe('title 199');
    expect(report.omittedNotes).toBe(200 - REPORT_LIMITS.notes);
    for (const kept of report.notes) {
      expect(kept.description).toHaveLength(REPORT_LIMITS.noteDescriptionChars);
      expect(kept.description.endsWith('…')).toBe(true);
    }
  });

  it('caps damages and photos, counting what it leaves out', () => {
    const damages = Array.from({ length: REPORT_LIMITS.damages + 5 }, () => ({
      item: 'hood',
      damage: 'd'.repeat(500),
      grade: 2,
      photo_code: null,
      source: 'manual',
    }));
    const report = buildConditionReport(
      results({ inspection: { total_damages: damages.length, grade: 2, max_grade_per_item: { hood: 2 }, damages } } as never),
      { newest: [], total: 0 },
      GENERATED,
    );
    expect(report.damages).toHaveLength(REPORT_LIMITS.damages);
    expect(report.omittedDamages).toBe(5);
    expect(report.damages[0]?.damage.length).toBe(REPORT_LIMITS.damageTextChars);
    expect(report.omittedPhotos).toBe(0);
  });
});
