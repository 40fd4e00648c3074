// The message catalogs of the pages a person reads in their session's language (docs/capture.md): the capture page
// and the condition report (HTML, PDF, guest copy), one JSON file per language with `en` as the reference. They are
// read and checked once at start-up: a catalog missing a key or a placeholder of `en` stops the service.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CAPTURE_LANGUAGES, type CaptureLanguage } from '../../../domain/languages.js';
import { REJECTION_CODES } from '../../../domain/rejection-codes.js';
import { DAMAGE_TYPES, VEHICLE_ITEMS } from '../../../domain/damage-catalog.js';
import { PHOTO_CODES } from '../../../domain/themes.js';

export type Catalog = Readonly<Record<string, string>>;

const CATALOG_DIRECTORY = fileURLToPath(new URL('./', import.meta.url));
const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/**
 * Keys the domain requires of every catalog: each view's name and hint, each rejection code's words and advice, and
 * for the report each part, damage type and grade's word.
 */
export function requiredCatalogKeys(): string[] {
  return [
    ...PHOTO_CODES.flatMap((code) => [`view.${code}.name`, `view.${code}.hint`]),
    ...REJECTION_CODES.flatMap((code) => [`rejection.${code}.title`, `rejection.${code}.action`]),
    ...VEHICLE_ITEMS.map((item) => `item.${item}`),
    ...DAMAGE_TYPES.map((type) => `damage.${type}`),
    ...[1, 2, 3, 4, 5].map((grade) => `grade.${grade}`),
  ];
}

/** Messages only the condition report uses: the capture page is not sent them (its budget before the first photo). */
const REPORT_ONLY_PREFIXES = ['report.', 'item.', 'damage.', 'grade.'];

/** The part of a catalog the capture page fetches: everything but the report's own words. */
export function capturePageMessages(catalog: Catalog): Catalog {
  return Object.freeze(Object.fromEntries(Object.entries(catalog).filter(([key]) => !REPORT_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix)))));
}

/** The `{name}` placeholders a message uses, sorted and unique. */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].sort();
}

/** Everything wrong with `catalog` measured against the reference: missing, extra or empty keys, lost placeholders. */
export function catalogProblems(reference: Catalog, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) {
    const message = catalog[key];
    if (typeof message !== 'string') {
      problems.push(`missing ${key}`);
      continue;
    }
    if (message.trim() === '') problems.push(`empty ${key}`);
    const lost = placeholdersOf(reference[key] as string).filter((name) => !placeholdersOf(message).includes(name));
    if (lost.length > 0) problems.push(`${key} lacks ${lost.map((name) => `{${name}}`).join(', ')}`);
  }
  for (const key of Object.keys(catalog)) if (!Object.hasOwn(reference, key)) problems.push(`unknown ${key}`);
  return problems;
}

export function readCatalog(language: CaptureLanguage, directory = CATALOG_DIRECTORY): Catalog {
  const parsed: unknown = JSON.parse(readFileSync(`${directory}/${language}.json`, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`Catalog ${language} is not a JSON object.`);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`Catalog ${language}: ${key} is not a string.`);
  }
  return Object.freeze(parsed as Record<string, string>);
}

/** Every language's catalog, checked against `en` and the domain's required keys; throws listing every problem. */
export function loadCatalogs(directory = CATALOG_DIRECTORY): ReadonlyMap<CaptureLanguage, Catalog> {
  const catalogs = new Map(CAPTURE_LANGUAGES.map((language) => [language, readCatalog(language, directory)] as const));
  const reference = catalogs.get('en') as Catalog;
  const problems = requiredCatalogKeys()
    .filter((key) => !Object.hasOwn(reference, key))
    .map((key) => `en: missing ${key}`);
  for (const [language, catalog] of catalogs) {
    if (language !== 'en') problems.push(...catalogProblems(reference, catalog).map((problem) => `${language}: ${problem}`));
  }
  if (problems.length > 0) throw new Error(`Capture page catalogs are incomplete:\n${problems.join('\n')}`);
  return catalogs;
}
