// DOM helpers both pages share. Everything is built with createElement/textContent: no HTML strings, so text from
// the server (notes, rejection reasons, vehicle fields) can never become markup.
import type { SessionStatus } from './graphql/graphql.js';

/** What h() and fill() take as children: nodes, text, and lists of them; null, undefined and false are skipped. */
type Child = Node | string | number | boolean | null | undefined | readonly Child[];

/** h()'s attributes: class, dataset, on<Event> listeners, booleans (true: present, false: absent), other values as text. */
type Attributes = Record<string, unknown> & { class?: string | null; dataset?: Record<string, string> };

/** The vehicle (the JSONObject of the API, with its field names: vin, year, make, model, trim, body_type, ext_col, odom_reading, odom_unit…). */
type Vehicle = Record<string, unknown>;

/** The vehicle fields' labels, in the page's language. */
type FactLabels = Partial<Record<'vin' | 'body' | 'colour' | 'odometer', string>>;

/** h('p', { class: 'hint', hidden: true }, 'text', child) — attributes: class, dataset, on<Event>, booleans. */
export function h<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = value as string;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

function append(element: Element, children: Child[]): void {
  for (const child of (children as unknown[]).flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces the element's children. */
export function fill<E extends Element>(element: E, ...children: Child[]): E {
  element.replaceChildren();
  append(element, children);
  return element;
}

/**
 * The page's element with this id; throws when there is none. Like querySelector, the caller names the element's
 * type: byId<HTMLInputElement>('vin-input').
 */
export function byId<E extends HTMLElement = HTMLElement>(id: string): E {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as E;
}

/** "2019 Honda Accord", or null when nothing identifies the vehicle. */
export function vehicleTitle(vehicle: Vehicle | null | undefined): string | null {
  if (!vehicle) return null;
  const title = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
  return title || null;
}

const FACT_LABELS = { vin: 'VIN', body: 'Body', colour: 'Colour', odometer: 'Odometer' };

/** [label, value] pairs of the vehicle fields worth showing, in reading order; `labels` translates them. */
export function vehicleFacts(vehicle: Vehicle | null | undefined, labels: FactLabels = FACT_LABELS): [string, string][] {
  if (!vehicle) return [];
  const odometer =
    vehicle.odom_reading === null || vehicle.odom_reading === undefined
      ? null
      : `${Number(vehicle.odom_reading).toLocaleString()} ${vehicle.odom_unit ?? ''}`.trim();
  const facts: [string, unknown][] = [
    [labels.vin ?? FACT_LABELS.vin, vehicle.vin],
    [labels.body ?? FACT_LABELS.body, vehicle.body_type],
    [labels.colour ?? FACT_LABELS.colour, vehicle.ext_col],
    [labels.odometer ?? FACT_LABELS.odometer, odometer],
  ];
  return facts.filter(([, value]) => value !== null && value !== undefined && value !== '') as [string, string][];
}

/** Statuses move forward only; EXPIRED ends an unfinished session. Used to ignore replayed, older news. */
const STATUS_RANK: Record<SessionStatus, number> = { IDLE: 0, STARTED: 1, PROCESS: 2, QC_PASSED: 3, CONFIRM: 4, COMPLETE: 5, EXPIRED: 5 };

export function laterStatus(current: SessionStatus | null, incoming: SessionStatus): SessionStatus {
  if (!current) return incoming;
  if (!(incoming in STATUS_RANK)) return current;
  if (current === 'COMPLETE' || current === 'EXPIRED') return current;
  return STATUS_RANK[incoming] >= STATUS_RANK[current] ? incoming : current;
}

/** The status a session event announces, or null. */
export function statusOfEvent(item: { event: string; payload?: unknown }): SessionStatus | null {
  // STATUS_CHANGE announces a session status (other events' `status` is something else).
  if (item.event === 'SESSION:STATUS_CHANGE') return (item.payload as { status?: SessionStatus } | null | undefined)?.status ?? null;
  if (item.event === 'SESSION:COMPLETE') return 'COMPLETE';
  if (item.event === 'SESSION:EXPIRED') return 'EXPIRED';
  return null;
}

export function formatTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The message of a caught error: what the pages throw and catch are Errors. */
export function errorMessage(error: unknown): string {
  return (error as Error).message;
}

/** "Photo is blurry: …" from "REJECTED: Photo is blurry: …". */
export function rejectionReason(message: string | null | undefined): string {
  return String(message ?? '').replace(/^REJECTED:\s*/, '') || 'The photo did not pass quality control.';
}

/**
 * Fetches a document with credential headers (never a token in a URL), then saves it (`download`) or shows it in
 * `pendingWindow` — a blank window the caller opened inside the click, so that pop-up blockers allow it.
 */
export async function openDocument(
  path: string,
  headers: Record<string, string>,
  { filename, download, pendingWindow }: { filename: string; download: boolean; pendingWindow: Window | null },
): Promise<void> {
  const response = await fetch(path, { headers });
  if (!response.ok) {
    let message = `The document could not be loaded (HTTP ${response.status}).`;
    try {
      const body = await response.json();
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the generic message
    }
    throw new Error(message);
  }
  const blob = await response.blob();
  if (!download && pendingWindow && blob.type.startsWith('text/html')) {
    writeHtmlDocument(pendingWindow, await blob.text());
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  pendingWindow?.close();
  // Long enough for the download to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Shows a server-rendered HTML document (the condition report) in a same-origin blank window. A blank or blob:
 * document inherits this page's Content-Security-Policy, which refuses inline <style> blocks; the report's styles
 * are therefore applied as constructed stylesheets (CSSOM), and scripts are dropped (the report has none).
 */
function writeHtmlDocument(target: Window, html: string): void {
  const styles: string[] = [];
  const withoutStyles = html.replace(/<style[^>]*>([\s\S]*?)<\/style>/gi, (_match, css) => {
    styles.push(css);
    return '';
  });
  const parsed = new DOMParser().parseFromString(withoutStyles, 'text/html');
  for (const script of parsed.querySelectorAll('script')) script.remove();
  const doc = target.document;
  doc.replaceChild(doc.importNode(parsed.documentElement, true), doc.documentElement);
  doc.title = parsed.title;
  doc.adoptedStyleSheets = styles.map((css) => {
    // The window's own constructor: a sheet can only be adopted by the document of the window that made it.
    const sheet = new (target as Window & typeof globalThis).CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
}
