import { describe, expect, it } from 'vitest';
import {
  CLUSTER_PHOTO_CODE,
  clusterSuggestion,
  convertOdometer,
  odometerMatch,
  odometerSource,
  OdometerReadingSchema,
  pickOdometerReading,
  type OcrWord,
} from '../../src/domain/odometer.js';

/** Words of one OCR line each, `text[height]`, all read with confidence 95 unless `text[height,confidence]`. */
function lines(...rows: string[]): OcrWord[] {
  return rows.flatMap((row, line) =>
    row.split(' ').map((token) => {
      const [, text, height, confidence] = /^(.*?)(?:\[(\d+)(?:,(\d+))?\])?$/.exec(token)!;
      return { text: text!, line, height: Number(height ?? 30), confidence: Number(confidence ?? 95) };
    }),
  );
}

describe('pickOdometerReading', () => {
  it('picks the total beside its unit among the time, the temperature and the trip', () => {
    expect(pickOdometerReading(lines('00:31[58] 24°C[61]', 'TRIP A 564.4[31] km[30]', '48213[59] km[86]', 'ODO[19]'))).toBe(48213);
  });

  it('reads thousands grouped by a comma, a dot, a space-free apostrophe', () => {
    expect(pickOdometerReading(lines('48,213 km'))).toBe(48213);
    expect(pickOdometerReading(lines('1.048.213 km'))).toBe(1048213);
    expect(pickOdometerReading(lines("127'406 mi"))).toBe(127406);
  });

  it('never takes a time, a temperature, a decimal trip, a trip after TRIP or a speed', () => {
    expect(pickOdometerReading(lines('12:45[60]'))).toBeNull();
    expect(pickOdometerReading(lines('2145[60] °C'))).toBeNull();
    expect(pickOdometerReading(lines('312.4[60] km'))).toBeNull();
    expect(pickOdometerReading(lines('TRIP 3124[60] km'))).toBeNull();
    expect(pickOdometerReading(lines('TRIP A 3124[60] km'))).toBeNull();
    expect(pickOdometerReading(lines('1240[60] rpm'))).toBeNull();
    expect(pickOdometerReading(lines('RANGE 4500[60]'))).toBeNull();
  });

  it('leaves dial numbers out unless a unit stands beside them, and prefers the tallest otherwise', () => {
    expect(pickOdometerReading(lines('80[24] 160[24] 240[25]'))).toBeNull();
    expect(pickOdometerReading(lines('12[40] km'))).toBe(12);
    // "1807" is a dial's 180 with a tick read as a 7; the odometer is the taller number.
    expect(pickOdometerReading(lines('1807[43,65] 20[25]', '48213[59] x', '100120140[37]'))).toBe(48213);
  });

  it('ranks candidates: beside a unit (after or before it) first, then the tallest, then the one with more digits', () => {
    expect(pickOdometerReading(lines('99999[80] 4821[40] km'))).toBe(4821);
    expect(pickOdometerReading(lines('99999[80]', 'ODO 48213[30]'))).toBe(48213);
    expect(pickOdometerReading(lines('48213[59]', '2024[30]'))).toBe(48213);
    expect(pickOdometerReading(lines('2024[59]', '48213[30]'))).toBe(2024);
    expect(pickOdometerReading(lines('2024[40]', '48213[40]'))).toBe(48213);
    expect(pickOdometerReading(lines('48213[40]', '2024[40]'))).toBe(48213);
  });

  it('reads a number in brackets or before punctuation, at the confidence and length limits', () => {
    expect(pickOdometerReading(lines('(48213) km'))).toBe(48213);
    expect(pickOdometerReading(lines('[48,213]; km'))).toBe(48213);
    expect(pickOdometerReading(lines('48213[30,80] km'))).toBe(48213);
    expect(pickOdometerReading(lines('48213[30,79] km'))).toBeNull();
    // Four digits are enough alone; three need a unit beside them.
    expect(pickOdometerReading(lines('2024[40]'))).toBe(2024);
    expect(pickOdometerReading(lines('202[40]'))).toBeNull();
    expect(pickOdometerReading(lines('9999999 km'))).toBe(9_999_999);
  });

  it('matches whole words only: units, other counters, temperatures and groups are not read inside longer words', () => {
    // A three-digit number counts only beside a unit; a word that merely contains one is not a unit.
    expect(pickOdometerReading(lines('120 mile'))).toBe(120);
    expect(pickOdometerReading(lines('120 xkm'))).toBeNull();
    expect(pickOdometerReading(lines('120 kmz'))).toBeNull();
    // Words that only begin or end like TRIP or a temperature do not hide the total.
    expect(pickOdometerReading(lines('autotrip 48213'))).toBe(48213);
    expect(pickOdometerReading(lines('tripod 48213'))).toBe(48213);
    expect(pickOdometerReading(lines('48213 abc'))).toBe(48213);
    expect(pickOdometerReading(lines('48213 fuel'))).toBe(48213);
    // A temperature without its degree sign is still one: the taller 1200 beside F is not the total.
    expect(pickOdometerReading(lines('48213[30]', '1200[50] F[50]'))).toBe(48213);
    // Groups and brackets only at the word's ends.
    for (const text of ['48,213x', 'x48,213', '48(213', '48)213', '12,345,678']) expect(pickOdometerReading(lines(text)), text).toBeNull();
    expect(pickOdometerReading(lines('((48213'))).toBe(48213);
    expect(pickOdometerReading([{ text: ' 48213 ', line: 0, height: 30, confidence: 95 }])).toBe(48213);
    // A word that is no number never wins, even beside a unit.
    expect(pickOdometerReading(lines('48213[30]', 'Total[30] km[30]'))).toBe(48213);
  });

  it('refuses unsure words, more than seven digits, and mixed letters', () => {
    expect(pickOdometerReading(lines('48213[59,40] km'))).toBeNull();
    expect(pickOdometerReading(lines('12345678 km'))).toBeNull();
    expect(pickOdometerReading(lines('PM>40 km', 'x1000'))).toBeNull();
    expect(pickOdometerReading([])).toBeNull();
  });
});

describe('odometerMatch', () => {
  const km = (reading: number) => ({ reading, unit: 'km' as const });

  it('is null when either reading is missing', () => {
    expect(odometerMatch({ reading: null, unit: 'km' }, km(1000))).toBeNull();
    expect(odometerMatch({ reading: 1000, unit: 'km' }, null)).toBeNull();
  });

  it('allows 5 % of the given reading or 1,000 units, whichever is more', () => {
    // 5 % of 10,000 is 500: the 1,000 units allow more.
    expect(odometerMatch({ reading: 10_000, unit: 'km' }, km(10_900))).toBe(true);
    expect(odometerMatch({ reading: 10_000, unit: 'km' }, km(11_000))).toBe(true);
    expect(odometerMatch({ reading: 10_000, unit: 'km' }, km(11_001))).toBe(false);
    expect(odometerMatch({ reading: 10_000, unit: 'km' }, km(11_100))).toBe(false);
    expect(odometerMatch({ reading: 10_000, unit: 'km' }, km(8_900))).toBe(false);
    // 5 % of 200,000 is 10,000.
    expect(odometerMatch({ reading: 200_000, unit: 'km' }, km(209_000))).toBe(true);
    expect(odometerMatch({ reading: 200_000, unit: 'km' }, km(211_000))).toBe(false);
    expect(odometerMatch({ reading: 200_000, unit: 'km' }, km(189_000))).toBe(false);
  });

  it('converts miles and kilometres, and takes a given reading without a unit in the captured unit', () => {
    // 30,000 mi = 48,280 km.
    expect(odometerMatch({ reading: 30_000, unit: 'mi' }, km(48_280))).toBe(true);
    expect(odometerMatch({ reading: 48_280, unit: 'km' }, { reading: 30_000, unit: 'mi' })).toBe(true);
    expect(odometerMatch({ reading: 30_000, unit: 'km' }, { reading: 30_000, unit: 'mi' })).toBe(false);
    expect(odometerMatch({ reading: 30_000, unit: null }, { reading: 30_000, unit: 'mi' })).toBe(true);
    expect(convertOdometer(1, 'mi', 'km')).toBeCloseTo(1.609344);
  });
});

describe('the confirmed reading', () => {
  it('comes from the photo only when it equals the suggestion', () => {
    expect(odometerSource(48213, 48213)).toBe('photo');
    expect(odometerSource(48214, 48213)).toBe('typed');
    expect(odometerSource(48213, null)).toBe('typed');
  });

  it('is a whole number from 0 to 9,999,999', () => {
    expect(OdometerReadingSchema.safeParse(0).success).toBe(true);
    expect(OdometerReadingSchema.safeParse(9_999_999).success).toBe(true);
    expect(OdometerReadingSchema.safeParse(10_000_000).error?.issues[0]?.message).toBe('The odometer reading can be at most 9,999,999.');
    expect(OdometerReadingSchema.safeParse(-1).error?.issues[0]?.message).toBe('The odometer reading cannot be negative.');
    expect(OdometerReadingSchema.safeParse(12.5).error?.issues[0]?.message).toBe('The odometer reading must be a whole number.');
  });
});

describe('the reading the cluster photo suggests', () => {
  const captures = [
    { id: 'first-try', odometerSuggested: 41_000 },
    { id: 'kept', odometerSuggested: 42_180 },
    { id: 'unread', odometerSuggested: null },
  ];
  const slot = (captureId: string, approved = true) => ({ photos: { [String(CLUSTER_PHOTO_CODE)]: { captureId, approved } } });

  it("is what the kept cluster photo was read as, not an earlier capture's", () => {
    expect(clusterSuggestion(slot('kept'), captures)).toBe(42_180);
    expect(clusterSuggestion(slot('first-try'), captures)).toBe(41_000);
  });

  it('is null without an accepted cluster photo, or when nothing was read on it', () => {
    expect(clusterSuggestion({ photos: {} }, captures)).toBeNull();
    expect(clusterSuggestion(slot('kept', false), captures)).toBeNull();
    expect(clusterSuggestion(slot('unread'), captures)).toBeNull();
    expect(clusterSuggestion(slot('gone'), captures)).toBeNull();
    // Another view's photo does not count.
    expect(clusterSuggestion({ photos: { '2': { captureId: 'kept', approved: true } } }, captures)).toBeNull();
  });
});
