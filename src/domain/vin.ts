// Vehicle identification numbers (docs/capture.md): normalising and validating a VIN, finding one in decoded barcode
// text, and comparing it with the integrator's. Pure rules; the barcode decoding itself lives in src/vin.

export const VIN_LENGTH = 17;

/** The photo of the VIN label, whose barcode is read (photo code 1 of every theme). */
export const VIN_PHOTO_CODE = 1;

const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]+$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
// ISO 3779 / 49 CFR 565 transliteration: letters count as these digits in the check-digit sum.
const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

export interface VinCheck {
  /** The VIN as normalised (upper case, separators and an import label's leading I removed). */
  vin: string;
  valid: boolean;
  /** true/false for North American VINs (first character 1-5), which must carry a check digit; otherwise null. */
  checkDigitValid: boolean | null;
  /** Why the VIN is not valid, in a sentence the person typing it can act on; null when valid. */
  problem: string | null;
}

/**
 * Upper case without spaces or dashes. Labels of imported vehicles print the VIN in Code 39 behind an "I"
 * (18 characters); I never occurs in a VIN, so that leading I is dropped.
 */
export function normalizeVin(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, '');
  return compact.length === VIN_LENGTH + 1 && compact.startsWith('I') ? compact.slice(1) : compact;
}

/** True where the check digit rule applies: VINs assigned in North America (first character 1-5). */
export function usesCheckDigit(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** The check digit a 17-character VIN should carry at position 9 ('0'-'9' or 'X'); null if it has other characters. */
export function expectedCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH || !VIN_CHARACTERS.test(vin)) return null;
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index += 1) {
    const character = vin[index]!;
    const value = /\d/.test(character) ? Number(character) : LETTER_VALUES[character]!;
    sum += value * WEIGHTS[index]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw);
  const invalid = (problem: string): VinCheck => ({ vin, valid: false, checkDigitValid: null, problem });
  if (vin.length !== VIN_LENGTH) return invalid(`A VIN has ${VIN_LENGTH} characters; "${vin}" has ${vin.length}.`);
  if (!VIN_CHARACTERS.test(vin)) return invalid('A VIN holds only the letters A-Z and digits 0-9, never I, O or Q.');
  if (!usesCheckDigit(vin)) return { vin, valid: true, checkDigitValid: null, problem: null };
  const expected = expectedCheckDigit(vin);
  if (vin[8] !== expected) {
    return { vin, valid: false, checkDigitValid: false, problem: `The 9th character of this VIN should be ${expected}: check the VIN for a typing error.` };
  }
  return { vin, valid: true, checkDigitValid: true, problem: null };
}

/**
 * The VIN found in the texts of decoded barcodes, or null. A label may hold just the VIN, the VIN behind an
 * import "I", or (QR codes) more text around it. A VIN whose check digit is confirmed beats one without a check
 * digit; a North American VIN with a wrong check digit is taken for a misread and never returned.
 */
export function findVinInTexts(texts: readonly string[]): string | null {
  const candidates = texts.flatMap(vinCandidates);
  const checks = candidates.map(checkVin).filter((check) => check.valid);
  return (checks.find((check) => check.checkDigitValid === true) ?? checks[0])?.vin ?? null;
}

function vinCandidates(text: string): string[] {
  const whole = text.trim();
  const words = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length === VIN_LENGTH || word.length === VIN_LENGTH + 1);
  // A VIN run together with a prefix ("VIN1HGCM…") is accepted only with a confirmed check digit, so a
  // 17-character slice of unrelated text is never taken for a VIN.
  const embedded = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length > VIN_LENGTH + 1)
    .flatMap((word) => slices(word).filter((slice) => usesCheckDigit(slice) && checkVin(slice).checkDigitValid === true));
  return [whole, ...words, ...embedded];
}

function slices(word: string): string[] {
  const result: string[] = [];
  for (let start = 0; start + VIN_LENGTH <= word.length; start += 1) result.push(word.slice(start, start + VIN_LENGTH));
  return result;
}

/** Whether the captured VIN is the integrator's; null when either is unknown. */
export function vinMatch(expected: string | null | undefined, captured: string | null | undefined): boolean | null {
  if (!expected || !captured) return null;
  return normalizeVin(expected) === normalizeVin(captured);
}

/**
 * The VIN the inspection captured: of the VIN decoded from the photo and the VIN typed by the person, the one
 * given last wins (a retake that reads a label after a typed VIN replaces it, and typing after a decode corrects
 * it); null when neither exists.
 */
export function capturedVin(decoded: { vin: string | null; at: Date } | null, typed: { vin: string | null; at: Date } | null): string | null {
  const given = [decoded, typed].filter((entry): entry is { vin: string; at: Date } => !!entry?.vin);
  if (given.length === 0) return null;
  return given.reduce((latest, entry) => (entry.at >= latest.at ? entry : latest)).vin;
}

/**
 * The captured VIN of a session: what its VIN photo's kept capture (the one its slot names) decoded, or the VIN typed
 * on the capture page, whichever was given last.
 */
export function sessionCapturedVin(
  session: { photos: Readonly<Record<string, { captureId: string } | undefined>>; typedVin: { vin: string; typedAt: Date } | null },
  captures: readonly { id: string; decodedVin: string | null; createdAt: Date }[],
): string | null {
  const slot = session.photos[String(VIN_PHOTO_CODE)];
  const vinPhoto = slot ? captures.find((capture) => capture.id === slot.captureId) : undefined;
  const decoded = vinPhoto ? { vin: vinPhoto.decodedVin, at: vinPhoto.createdAt } : null;
  const typed = session.typedVin ? { vin: session.typedVin.vin, at: session.typedVin.typedAt } : null;
  return capturedVin(decoded, typed);
}
