// Every text comes from the message catalog of the session's language (docs/capture.md), served at
// /capture/i18n/<lang>.json. Static text in capture.html names its key in data-i18n (text) or data-i18n-label
// (aria-label); the English written there shows until the catalog arrives.
import { CONFIG, type Catalog } from './capture-context.js';

const LANGUAGES = CONFIG.languages;
const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

let catalog: Catalog = {};
/** The page's language: the session's once it is known. */
export let language = 'en';

/** The phone's language when the page speaks it, else English, as capture.html's early start chose it: for screens shown before a session is known. */
export function browserLanguage(): string {
  return window.captureEarly?.language ?? 'en';
}

/** Loads the catalog of `wanted` (English for anything else) and translates the page; resolves false when it failed. */
export async function useLanguage(wanted: string): Promise<boolean> {
  const next = LANGUAGES.includes(wanted) ? wanted : 'en';
  if (next === language && Object.keys(catalog).length > 0) return true;
  try {
    const early = window.captureEarly?.language === next ? await window.captureEarly.catalog : null;
    if (early) {
      catalog = early;
    } else {
      const response = await fetch(`/capture/i18n/${next}.json`);
      if (!response.ok) return false;
      catalog = await response.json();
    }
    language = next;
  } catch {
    return false;
  }
  document.documentElement.lang = language;
  translatePage();
  return true;
}

/** The message `key` with its {placeholders} filled; the key itself when the catalog lacks it. */
export function t(key: string, values: Record<string, string | number | null | undefined> = {}): string {
  const message = catalog[key];
  if (typeof message !== 'string') return key;
  return message.replace(PLACEHOLDER, (whole, name: string) => (values[name] === undefined || values[name] === null ? whole : String(values[name])));
}

/** Whether the loaded catalog has `key` (a view without a name of its own falls back to the server's label). */
export function has(key: string): boolean {
  return typeof catalog[key] === 'string';
}

function translatePage(root = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.dataset.i18n ?? '');
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel ?? ''));
  document.title = t('page.title');
}
