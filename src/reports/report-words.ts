// The words of a condition report in its session's language (docs/staff.md "Languages"): the same message
// catalogs as the capture page, so a person reads one vocabulary from the link they got to the report they keep.
// The words travel inside the report model, so the PDF render thread needs no catalog of its own.
import { isCaptureLanguage, type CaptureLanguage } from '../domain/languages.js';
import { type Catalog, loadCatalogs } from '../http/web/i18n/catalogs.js';

export interface ReportWords {
  language: CaptureLanguage;
  /** The BCP 47 locale its dates and numbers are written in. */
  locale: string;
  messages: Catalog;
}

/** The locale each language's dates are written in. */
const LOCALES: Readonly<Record<CaptureLanguage, string>> = Object.freeze({ en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', pt: 'pt-PT' });

let catalogs: ReadonlyMap<CaptureLanguage, Catalog> | null = null;

/** The report's words in `language` (a session's stored language; null or anything unknown is English). */
export function reportWords(language: string | null | undefined): ReportWords {
  catalogs ??= loadCatalogs();
  const chosen: CaptureLanguage = isCaptureLanguage(language) ? language : 'en';
  return { language: chosen, locale: LOCALES[chosen], messages: catalogs.get(chosen) as Catalog };
}

/** The message `key` with its `{name}` placeholders filled; a key the catalog lacks shows as itself. */
export function say(words: ReportWords, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  const message = words.messages[key] ?? key;
  return message.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** "3 damages" / "1 daño": the catalog's `.one` or `.other` form, as the language's plural rules choose. */
export function sayCount(words: ReportWords, key: string, count: number): string {
  const form = new Intl.PluralRules(words.locale).select(count) === 'one' ? 'one' : 'other';
  return say(words, `${key}.${form}`, { count: new Intl.NumberFormat(words.locale).format(count) });
}
