// DOM helpers both pages share. Everything is built with createElement/textContent: no HTML strings, so text from
// the server (notes, rejection reasons, vehicle fields) can never become markup.
/** @import { Attributes, Child, FactLabels } from './types/ui' */
/** @import { SessionEvent, SessionStatus, Vehicle } from './types/session' */

/**
 * h('p', { class: 'hint', hidden: true }, 'text', child) — attributes: class, dataset, on<Event>, booleans.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {Attributes} [attributes]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = /** @type {string} */ (value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), /** @type {EventListener} */ (value));
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Element} element
 * @param {Child[]} children
 */
function append(element, children) {
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/**
 * Replaces the element's children.
 * @template {Element} E
 * @param {E} element
 * @param {Child[]} children
 * @returns {E}
 */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/**
 * The page's element with this id; throws when there is none. Like querySelector, the caller names the element's
 * type, by the type of what receives it or by a cast.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return /** @type {E} */ (element);
}

/**
 * "2019 Honda Accord", or null when nothing identifies the vehicle.
 * @param {Vehicle | null | undefined} vehicle
 * @returns {string | null}
 */
export function vehicleTitle(vehicle) {
  if (!vehicle) return null;
  const title = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
  return title || null;
}

const FACT_LABELS = { vin: 'VIN', body: 'Body', colour: 'Colour', odometer: 'Odometer' };

/**
 * [label, value] pairs of the vehicle fields worth showing, in reading order; `labels` translates them.
 * @param {Vehicle | null | undefined} vehicle
 * @param {FactLabels} [labels]
 * @returns {[string, string][]}
 */
export function vehicleFacts(vehicle, labels = FACT_LABELS) {
  if (!vehicle) return [];
  const odometer =
    vehicle.odom_reading === null || vehicle.odom_reading === undefined
      ? null
      : `${Number(vehicle.odom_reading).toLocaleString()} ${vehicle.odom_unit ?? ''}`.trim();
  /** @type {[string, string | null | undefined][]} */
  const facts = [
    [labels.vin ?? FACT_LABELS.vin, vehicle.vin],
    [labels.body ?? FACT_LABELS.body, vehicle.body_type],
    [labels.colour ?? FACT_LABELS.colour, vehicle.ext_col],
    [labels.odometer ?? FACT_LABELS.odometer, odometer],
  ];
  return /** @type {[string, string][]} */ (facts.filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/** Statuses move forward only; EXPIRED ends an unfinished session. Used to ignore replayed, older news. */
/** @type {Record<SessionStatus, number>} */
const STATUS_RANK = { IDLE: 0, STARTED: 1, PROCESS: 2, QC_PASSED: 3, CONFIRM: 4, COMPLETE: 5, EXPIRED: 5 };

/**
 * @param {SessionStatus | null} current
 * @param {SessionStatus} incoming
 * @returns {SessionStatus}
 */
export function laterStatus(current, incoming) {
  if (!current) return incoming;
  if (!(incoming in STATUS_RANK)) return current;
  if (current === 'COMPLETE' || current === 'EXPIRED') return current;
  return STATUS_RANK[incoming] >= STATUS_RANK[current] ? incoming : current;
}

/**
 * The status a session event announces, or null.
 * @param {Pick<SessionEvent, 'event' | 'payload'>} item
 * @returns {SessionStatus | null}
 */
export function statusOfEvent(item) {
  // STATUS_CHANGE announces a session status (other events' `status` is something else).
  if (item.event === 'SESSION:STATUS_CHANGE') return /** @type {SessionStatus | undefined} */ (item.payload?.status) ?? null;
  if (item.event === 'SESSION:COMPLETE') return 'COMPLETE';
  if (item.event === 'SESSION:EXPIRED') return 'EXPIRED';
  return null;
}

/** @param {string | number | Date} value */
export function formatTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * The message of a caught error: what the pages throw and catch are Errors.
 * @param {unknown} error
 * @returns {string}
 */
export function errorMessage(error) {
  return /** @type {Error} */ (error).message;
}

/**
 * "Photo is blurry: …" from "REJECTED: Photo is blurry: …".
 * @param {string | null | undefined} message
 */
export function rejectionReason(message) {
  return String(message ?? '').replace(/^REJECTED:\s*/, '') || 'The photo did not pass quality control.';
}

/**
 * Fetches a document with credential headers (never a token in a URL), then saves it (`download`) or shows it in
 * `pendingWindow` — a blank window the caller opened inside the click, so that pop-up blockers allow it.
 * @param {string} path
 * @param {Record<string, string>} headers
 * @param {{ filename: string, download: boolean, pendingWindow: Window | null }} options
 */
export async function openDocument(path, headers, { filename, download, pendingWindow }) {
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
 * @param {Window} target
 * @param {string} html
 */
function writeHtmlDocument(target, html) {
  /** @type {string[]} */
  const styles = [];
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
    const sheet = new /** @type {Window & typeof globalThis} */ (target).CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
}
