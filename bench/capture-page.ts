// The capture page as a phone on a weak signal meets it (docs/capture.md budgets), in Debian's Chromium against the
// built service: bytes before the first photo, time to interactive with DevTools' "Slow 4G" preset, what a
// 12-megapixel photo weighs when it leaves the browser, what a reload with 13 photos transfers, and the time from
// choosing a 2560 px photo to its verdict on the page (loopback).
// Run: npx tsx bench/capture-page.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { makeScene } from '../test/support/images.js';
import { writeFileIn } from '../test/browser/browser.js';
import { createAccount, median, round, signedHeaders, startService, type BenchAccount, type BenchResult } from './support.js';

/** DevTools' "Slow 4G" preset, as Chrome defines it (its latency includes Chrome's 3.75 packet-level factor). */
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 };
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};
const PRO_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

interface Session {
  sessionKey: string;
  captureUrl: string;
  token: string;
}

async function newSession(url: string, account: BenchAccount): Promise<Session> {
  const response = await fetch(`${url}/v1/sessions`, {
    method: 'POST',
    headers: { ...signedHeaders(account), 'content-type': 'application/json' },
    body: JSON.stringify({ session: { theme: 'PRO', language: 'en' }, vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord' } }),
  });
  const body = (await response.json()) as { session_key: string; capture_url: string };
  return { sessionKey: body.session_key, captureUrl: body.capture_url, token: body.capture_url.split('#')[1] as string };
}

async function guestGraphql(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Capture-Token': token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
}

async function upload(url: string, session: Session, code: number, bytes: Buffer): Promise<void> {
  const form = new FormData();
  const query = 'mutation($k: String!, $c: Int!, $f: File!) { capturePhoto(sessionKey: $k, photoCode: $c, file: $f) { approved } }';
  form.set('operations', JSON.stringify({ query, variables: { k: session.sessionKey, c: code, f: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.f'] }));
  form.set('0', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'Capture-Token': session.token }, body: form });
  const body = (await response.json()) as { data?: { capturePhoto?: { approved: boolean } } };
  if (!body.data?.capturePhoto?.approved) throw new Error(`photo ${code} was not accepted: ${JSON.stringify(body)}`);
}

async function phonePage(browser: Browser, conditions: typeof SLOW_4G | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (conditions) await network.send('Network.emulateNetworkConditions', conditions);
  return { context, page };
}

/** Every byte the page received so far: the document, its assets, its API answers (WebSocket frames aside). */
function transferredKb(page: Page): Promise<number> {
  return page.evaluate(() => {
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
    return entries.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024;
  });
}

export async function runCapturePageBenchmark(): Promise<BenchResult[]> {
  const service = await startService();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const directory = mkdtempSync(join(tmpdir(), 'capture-page-bench-'));
  try {
    const account = await createAccount(service.url);
    const results: BenchResult[] = [];

    // Before the first photo: the welcome screen, Start, the list of 13 views with their drawings.
    {
      const session = await newSession(service.url, account);
      const { context, page } = await phonePage(browser, null);
      await page.goto(session.captureUrl);
      await page.locator('#start:not([disabled])').click();
      await page.locator('#screen-capture:not([hidden])').waitFor();
      // The drawings in view have loaded (the others load as the person scrolls to them).
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('img.guide')]
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
          .every((image) => image.complete && image.naturalWidth > 0),
      );
      await page.waitForTimeout(300);
      results.push({ name: 'capture_page_kb_before_first_photo', value: round(await transferredKb(page), 1), unit: 'KB', goal: '≤ 32' });
      await context.close();
    }

    // Interactive (Start enabled) on Slow 4G, a cold cache each time.
    {
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const session = await newSession(service.url, account);
        const { context, page } = await phonePage(browser, SLOW_4G);
        await page.goto(session.captureUrl);
        await page.locator('#start:not([disabled])').waitFor({ timeout: 30_000 });
        times.push(await page.evaluate(() => performance.getEntriesByName('capture-interactive')[0]?.startTime ?? Number.NaN));
        await context.close();
      }
      results.push({ name: 'capture_page_interactive_slow4g_ms', value: round(median(times), 0), unit: 'ms', goal: '≤ 1500' });
    }

    // A 12-megapixel phone photo, chosen on the page: what leaves the browser.
    {
      const session = await newSession(service.url, account);
      await guestGraphql(service.url, session.token, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
      const scene = await makeScene({ width: 4000, height: 3000, seed: 77 });
      const original = await sharp(scene).jpeg({ quality: 92 }).toBuffer();
      const file = writeFileIn(directory, 'twelve-megapixels.jpg', original);
      const { context, page } = await phonePage(browser, null);
      await page.goto(session.captureUrl);
      await page.locator('#photo-file-2').setInputFiles(file);
      await page.locator('#photo-2[data-state="accepted"]').waitFor({ timeout: 30_000 });
      // An accepted photo is kept as it arrived: its original is what left the browser.
      const photos = (await (await fetch(`${service.url}/v1/sessions/${session.sessionKey}/photos`, { headers: signedHeaders(account) })).json()) as {
        url: string;
      }[];
      const sent = (await (await fetch(photos[0]?.url as string)).arrayBuffer()).byteLength;
      results.push({ name: 'capture_photo_upload_kb_12mp', value: round(sent / 1024, 0), unit: 'KB', goal: '≤ 900' });
      results.push({ name: 'capture_photo_original_kb_12mp', value: round(original.length / 1024, 0), unit: 'KB' });
      await context.close();
    }

    // A reload in the middle of a capture with 13 photos taken: everything the page downloads to show them.
    {
      const session = await newSession(service.url, account);
      await guestGraphql(service.url, session.token, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
      for (const code of PRO_CODES) await upload(service.url, session, code, await makeScene({ seed: 8_000 + code }));
      const { context, page } = await phonePage(browser, null);
      await page.goto(session.captureUrl);
      await page.locator('#screen-capture:not([hidden])').waitFor();
      await page.waitForFunction(() => {
        const thumbs = [...document.querySelectorAll<HTMLImageElement>('img.thumb')];
        return thumbs.length === 13 && thumbs.every((image) => image.complete && image.naturalWidth > 0);
      });
      results.push({ name: 'capture_reload_kb_13_photos', value: round(await transferredKb(page), 0), unit: 'KB', goal: '≤ 600' });
      await context.close();
    }

    // Choosing a 2560 px photo → its verdict on the page, loopback; median of 12 views.
    {
      const session = await newSession(service.url, account);
      await guestGraphql(service.url, session.token, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
      const { context, page } = await phonePage(browser, null);
      await page.goto(session.captureUrl);
      await page.locator('#screen-capture:not([hidden])').waitFor();
      const times: number[] = [];
      for (const code of PRO_CODES.slice(1)) {
        const photo = await sharp(await makeScene({ width: 2560, height: 1920, seed: 9_000 + code }))
          .jpeg({ quality: 85 })
          .toBuffer();
        const file = writeFileIn(directory, `view-${code}.jpg`, photo);
        const started = Date.now();
        await page.locator(`#photo-file-${code}`).setInputFiles(file);
        await page.locator(`#photo-${code}[data-state="accepted"]`).waitFor({ timeout: 30_000 });
        times.push(Date.now() - started);
      }
      results.push({ name: 'capture_upload_to_verdict_p50_ms', value: round(median(times), 0), unit: 'ms', goal: '≤ 400' });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await service.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runCapturePageBenchmark()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
