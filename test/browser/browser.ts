// Shared set-up of the browser tests: Debian's Chromium driven by playwright-core, phone and desktop contexts,
// screenshots for the README, and reading the text of the report PDF.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const chromiumInstalled = existsSync(CHROMIUM_PATH);
/** Whether the browser tests run: where Chromium is installed, and always in CI, where a missing browser must fail. */
export const RUN_BROWSER_TESTS = chromiumInstalled || Boolean(process.env.CI);
if (!RUN_BROWSER_TESTS) {
  console.warn(`\n[browser tests] SKIPPED: ${CHROMIUM_PATH} not found (apt-get install -y chromium). CI installs it.\n`);
}

/** `extraArguments`: e.g. a fake camera (--use-fake-device-for-media-stream with a video file). */
export function launchChromium(extraArguments: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArguments,
    ],
  });
}

let shared: Promise<Browser> | null = null;

/**
 * The Chromium of this test worker, shared by the files it runs one after another: a launch costs seconds of CPU,
 * and each file's pages live in contexts of their own. A file takes it in beforeAll and gives it back with
 * releaseChromium in afterAll; the browser ends with the worker. Files that need other arguments (a fake camera)
 * launch their own.
 */
export function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium().then((browser) => {
    // A crashed browser is launched anew by the next file.
    browser.on('disconnected', () => (shared = null));
    return browser;
  });
  return shared;
}

/** Closes what a file opened in the shared browser (its contexts), so the next file starts from none. */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 };

/** Console errors and CSP violations a page reports; a test ends by expecting none. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const SCREENSHOT_DIRECTORY = new URL('../../docs/screenshots/', import.meta.url);

/**
 * Saves a screenshot for the README under docs/screenshots/. Taken and written only when missing or when
 * UPDATE_SCREENSHOTS=1, so that running the suite does not rewrite committed images (their session keys and times
 * differ each run) nor spend the time of encoding a PNG nobody keeps: a screenshot documents a page, it checks nothing.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const target = new URL(`${name}.png`, SCREENSHOT_DIRECTORY);
  if (existsSync(target) && process.env.UPDATE_SCREENSHOTS !== '1') return;
  const image = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  writeFileSync(target, image);
}

export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * The text a PDF shows, good enough to find a value: every FlateDecode stream is inflated and the strings of its
 * text operators joined (pdfkit writes the standard fonts' text as hex strings, split for kerning), plus the
 * literal strings of the document (e.g. its Info dictionary).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const array of content.match(/\[(.*?)\]\s*TJ/gs) ?? []) {
        parts.push((array.match(/<([0-9a-fA-F]*)>/g) ?? []).map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join(''));
      }
      for (const hex of content.match(/<([0-9a-fA-F]*)>\s*Tj/g) ?? []) parts.push(Buffer.from(hex.replace(/[<>\sTj]/g, ''), 'hex').toString('latin1'));
    } catch {
      // not a deflated stream (an image): skip
    }
    streamPattern.lastIndex = end;
  }
  for (const literal of source.match(/\((?:[^()\\]|\\.)*\)/g) ?? []) parts.push(literal.slice(1, -1));
  return parts.join('\n');
}

export function writeFileIn(directory: string, name: string, bytes: Buffer): string {
  const path = `${directory}/${name}`;
  writeFileSync(path, bytes);
  return path;
}
