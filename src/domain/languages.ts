// The languages the capture page speaks (docs/capture.md); a session's `language` is one of them or null (English).

export const CAPTURE_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const;

export type CaptureLanguage = (typeof CAPTURE_LANGUAGES)[number];

export function isCaptureLanguage(value: unknown): value is CaptureLanguage {
  return typeof value === 'string' && (CAPTURE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The capture language a language tag asks for, case-insensitively, with any region dropped (`pt-BR` → `pt`,
 * `EN-us` → `en`); null when the tag's language is not one the page speaks.
 */
export function captureLanguageOf(tag: string): CaptureLanguage | null {
  const primary = tag.trim().split('-')[0]?.toLowerCase() ?? '';
  return isCaptureLanguage(primary) ? primary : null;
}
