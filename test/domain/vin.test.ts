import { describe, expect, it } from 'vitest';
import { capturedVin, checkVin, expectedCheckDigit, findVinInTexts, normalizeVin, sessionCapturedVin, VIN_PHOTO_CODE, vinMatch } from '../../src/domain/vin.js';

describe('checkVin', () => {
  it('accepts North American VINs whose 9th character is the check digit, X included', () => {
    for (const vin of ['1HGCM82633A004352', '1M8GDM9AXKP042788', '2T1BURHE0JC014702']) {
      expect(checkVin(vin)).toEqual({ vin, valid: true, checkDigitValid: true, problem: null });
    }
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    // Only for 17 characters a VIN may hold.
    expect(expectedCheckDigit('1HGCM82633A00435')).toBeNull();
    expect(expectedCheckDigit('1HGCM82633A0O4352')).toBeNull();
  });

  it('refuses a North American VIN with a wrong check digit and names the expected one', () => {
    const check = checkVin('1HGCM82623A004352');
    expect(check).toMatchObject({ valid: false, checkDigitValid: false });
    expect(check.problem).toContain('should be 3');
    expect(checkVin('5YJSA1E26HF000337')).toMatchObject({ valid: false, checkDigitValid: false });
  });

  it('reports no check digit outside North America', () => {
    expect(checkVin('WVWZZZ1JZXW000001')).toEqual({ vin: 'WVWZZZ1JZXW000001', valid: true, checkDigitValid: null, problem: null });
    expect(checkVin('JHMCM56557C404453')).toMatchObject({ valid: true, checkDigitValid: null });
  });

  it('refuses wrong lengths and the letters I, O and Q', () => {
    expect(checkVin('1HGCM82633A00435')).toMatchObject({ valid: false, problem: expect.stringContaining('17 characters') });
    expect(checkVin('WVWZZZ1JZXW00000O')).toMatchObject({ valid: false, problem: expect.stringContaining('never I, O or Q') });
    expect(checkVin('WVWZZZ1JZQW000001')).toMatchObject({ valid: false });
  });

  it('normalises case, separators and the leading I of an imported-vehicle label', () => {
    expect(normalizeVin(' 1hgcm8-2633a 004352 ')).toBe('1HGCM82633A004352');
    expect(normalizeVin('I1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(checkVin('IWVWZZZ1JZXW000001')).toMatchObject({ vin: 'WVWZZZ1JZXW000001', valid: true });
    // Only an 18-character text loses its I: a 17-character one starting with I stays invalid.
    expect(checkVin('IHGCM82633A004352')).toMatchObject({ valid: false });
  });
});

describe('findVinInTexts', () => {
  it('finds the VIN alone, behind an import I, or inside longer QR text', () => {
    expect(findVinInTexts(['1HGCM82633A004352'])).toBe('1HGCM82633A004352');
    expect(findVinInTexts(['I1HGCM82633A004352'])).toBe('1HGCM82633A004352');
    expect(findVinInTexts(['VIN:1HGCM82633A004352;MAKE:HONDA;YEAR:2003'])).toBe('1HGCM82633A004352');
    expect(findVinInTexts(['VIN1HGCM82633A004352 HONDA'])).toBe('1HGCM82633A004352');
  });

  it('prefers a VIN with a confirmed check digit and never returns a misread North American one', () => {
    expect(findVinInTexts(['WVWZZZ1JZXW000001', '1HGCM82633A004352'])).toBe('1HGCM82633A004352');
    expect(findVinInTexts(['1HGCM82623A004352'])).toBeNull();
    expect(findVinInTexts(['SERIAL ABCDEFGHJKLMNPRST0123456789'])).toBeNull();
    expect(findVinInTexts([])).toBeNull();
  });
});

describe('vinMatch and capturedVin', () => {
  it('compares normalised VINs and is null when either is missing', () => {
    expect(vinMatch('1HGCM82633A004352', '1hgcm82633a004352')).toBe(true);
    expect(vinMatch('1HGCM82633A004352', '2T1BURHE0JC014702')).toBe(false);
    expect(vinMatch(null, '1HGCM82633A004352')).toBeNull();
    expect(vinMatch('1HGCM82633A004352', null)).toBeNull();
  });

  it('takes the VIN given last, decoded or typed', () => {
    const early = new Date('2026-01-01T10:00:00Z');
    const late = new Date('2026-01-01T10:05:00Z');
    expect(capturedVin({ vin: 'A', at: early }, { vin: 'B', at: late })).toBe('B');
    expect(capturedVin({ vin: 'A', at: late }, { vin: 'B', at: early })).toBe('A');
    expect(capturedVin({ vin: null, at: late }, { vin: 'B', at: early })).toBe('B');
    // Given at the same instant, the person's typing is the correction.
    expect(capturedVin({ vin: 'A', at: early }, { vin: 'B', at: early })).toBe('B');
    expect(capturedVin(null, null)).toBeNull();
  });
});

describe("a session's captured VIN", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 8, minute));
  const captures = [
    { id: 'blurred', decodedVin: null, createdAt: at(1) },
    { id: 'read', decodedVin: '1HGCM82633A004352', createdAt: at(3) },
  ];
  const session = (captureId: string | null, typedVin: { vin: string; typedAt: Date } | null = null) => ({
    photos: captureId ? { [String(VIN_PHOTO_CODE)]: { captureId } } : {},
    typedVin,
  });

  it('is what the VIN photo its slot names decoded, or what was typed, whichever came last', () => {
    expect(sessionCapturedVin(session('read'), captures)).toBe('1HGCM82633A004352');
    expect(sessionCapturedVin(session('read', { vin: '2T1BURHE0JC014235', typedAt: at(5) }), captures)).toBe('2T1BURHE0JC014235');
    expect(sessionCapturedVin(session('read', { vin: '2T1BURHE0JC014235', typedAt: at(2) }), captures)).toBe('1HGCM82633A004352');
  });

  it('falls back to the typed VIN when the kept photo decoded nothing, is unknown, or there is none', () => {
    const typed = { vin: '2T1BURHE0JC014235', typedAt: at(0) };
    expect(sessionCapturedVin(session('blurred', typed), captures)).toBe('2T1BURHE0JC014235');
    expect(sessionCapturedVin(session('gone', typed), captures)).toBe('2T1BURHE0JC014235');
    expect(sessionCapturedVin(session(null, typed), captures)).toBe('2T1BURHE0JC014235');
    expect(sessionCapturedVin(session(null), captures)).toBeNull();
    expect(sessionCapturedVin(session('blurred'), captures)).toBeNull();
  });
});
