// Serves the browser apps and their assets as scripts/build-pages.ts built them: the capture page, the staff's
// dashboard and the landing page's style sheet (hashed names, precompressed, cached for a year), the capture page's
// view drawings and message catalogs. Pages carry a strict Content-Security-Policy (nothing from another origin;
// inline code only a page's own scripts, by hash).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { UseCases } from '../../services.js';
import type { Router } from '../rest/router.js';
import { isSessionKey } from '../../domain/identifiers.js';
import { withCapturePageConfig } from './capture-page-config.js';
import { capturePageMessages, loadCatalogs } from './i18n/catalogs.js';
import { landingDocument, landingLinks, landingPageHtml, prefersHtml } from './landing-page.js';
import { loadBuiltPages, type BuiltFile, type BuiltPages } from './built-pages.js';
import { acceptsEncoding } from '../content-encoding.js';

export const WEB_ASSET_PREFIX = '/web';
/** The built pages' hashed files: `<BUILT_ASSET_PREFIX>/<name>-<hash>.js`. */
const BUILT_ASSET_PREFIX = `${WEB_ASSET_PREFIX}/app`;
/** A hashed name changes with its content: a browser may keep it as long as it likes. */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The dashboard's own addresses (each view bookmarkable): the app reads the path and shows that view. */
const DASHBOARD_PATHS = [
  '/dashboard',
  '/dashboard/sign-in',
  '/dashboard/sessions',
  '/dashboard/sessions/:sessionKey',
  '/dashboard/settings',
  '/dashboard/settings/:section',
];
/** The view drawings (docs/capture.md): `<WEB_VIEW_PREFIX>/<photo code>.svg`. */
export const WEB_VIEW_PREFIX = `${WEB_ASSET_PREFIX}/views`;
/** The capture page's message catalogs: `<CATALOG_PREFIX>/<language>.json`. */
export const CATALOG_PREFIX = '/capture/i18n';
// Drawings only draw: whoever opens one directly gets no script, style sheet or request to anywhere.
const DRAWING_POLICY = "default-src 'none'; frame-ancestors 'self'";
// Catalogs change only with a deployment; an hour of caching spares the page a round trip on every visit.
const CATALOG_CACHE_CONTROL = 'public, max-age=3600';
const ASSET_DIRECTORY = fileURLToPath(new URL('./assets/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface Asset {
  contentType: string;
  body: Buffer;
  /** Smaller encodings of the body, best first (brotli, then gzip); one that does not help is left out. */
  encodings: EncodedBody[];
  etag: string;
}

/** Reads every servable file of the asset directory; the set of served names is fixed at start-up. */
export function loadWebAssets(directory = ASSET_DIRECTORY): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(directory)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType || !/^[a-z0-9-]+\.[a-z]+$/.test(name)) continue;
    const body = readFileSync(join(directory, name));
    assets.set(name, assetOf(contentType, body));
  }
  return assets;
}

/**
 * The pages' policy: scripts, styles and connections from this origin only (WebSocket included); images also from
 * blob: (the capture page previews the photo just taken) and from the photo URLs' origin when PUBLIC_URL differs.
 */
export function pageContentSecurityPolicy(photoOrigin: string | null, scriptHashes: readonly string[] = []): string {
  const images = ["'self'", 'blob:', 'data:', ...(photoOrigin ? [photoOrigin] : [])].join(' ');
  return [
    "default-src 'self'",
    `img-src ${images}`,
    "connect-src 'self' ws: wss:",
    "style-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * CSP sources for a page's inline classic scripts (`<script>` with no attribute): each allowed by the hash of its
 * exact text, so the page runs those and nothing injected beside them.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] as string)
        .digest('base64')}'`,
  );
}

export function registerWebRoutes(router: Router, services: UseCases, { graphiqlEnabled }: { graphiqlEnabled: boolean }): void {
  const photoOrigin = () => {
    try {
      return new URL(services.urls.base).origin;
    } catch {
      return null;
    }
  };
  const pageHeaders = (scriptHashes: readonly string[] = []) => ({
    'content-security-policy': pageContentSecurityPolicy(photoOrigin(), scriptHashes),
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
  });

  const built = loadBuiltPages();
  // The capture token stays in the URL fragment, which browsers never send: this route sees only the key.
  const captureHtml = withCapturePageConfig(builtPage(built, 'capture').body.toString('utf8'));
  const capturePage = assetOf(CONTENT_TYPES['.html'] as string, Buffer.from(captureHtml));
  const captureScripts = inlineScriptHashes(captureHtml);
  router.on('GET', '/capture/:sessionKey', ({ request, response, params }) => {
    const status = isSessionKey(params.sessionKey) ? 200 : 404;
    sendAsset(request, response, capturePage, status, pageHeaders(captureScripts));
  });

  // `/` answers browsers with a page of links and every other client (curl, scripts) with the same links as JSON.
  const links = landingLinks({ graphiqlEnabled });
  const landingStyle = built.manifest.landing?.style;
  if (!landingStyle) throw new Error("The landing page's style sheet is missing from the build: run npm run build:pages.");
  const landingPage = assetOf(CONTENT_TYPES['.html'] as string, Buffer.from(landingPageHtml(links, landingStyle)));
  const landingJson = assetOf('application/json; charset=utf-8', Buffer.from(JSON.stringify(landingDocument(links))));
  router.on('GET', '/', ({ request, response }) => {
    if (!prefersHtml(request.headers.accept)) return sendAsset(request, response, landingJson, 200, { vary: 'Accept, Accept-Encoding' });
    sendAsset(request, response, landingPage, 200, { ...pageHeaders(), vary: 'Accept, Accept-Encoding' });
  });

  const dashboardPage = builtAsset(builtPage(built, 'dashboard'));
  for (const path of DASHBOARD_PATHS) {
    router.on('GET', path, ({ request, response }) => sendAsset(request, response, dashboardPage, 200, pageHeaders()));
  }
  for (const [name, file] of built.files) {
    const asset = builtAsset(file);
    router.on('GET', `${BUILT_ASSET_PREFIX}/${name}`, ({ request, response }) =>
      sendAsset(request, response, asset, 200, { 'cache-control': IMMUTABLE_CACHE_CONTROL }),
    );
  }

  for (const [name, asset] of loadWebAssets(join(ASSET_DIRECTORY, 'views'))) {
    if (asset.contentType !== CONTENT_TYPES['.svg']) continue;
    router.on('GET', `${WEB_VIEW_PREFIX}/${name}`, ({ request, response }) =>
      sendAsset(request, response, asset, 200, { 'content-security-policy': DRAWING_POLICY, 'x-frame-options': 'SAMEORIGIN' }),
    );
  }

  // The page learns its session's language from the API, then fetches only that catalog (docs/decisions.md).
  for (const [language, catalog] of loadCatalogs()) {
    const asset = assetOf('application/json; charset=utf-8', Buffer.from(JSON.stringify(capturePageMessages(catalog))));
    router.on('GET', `${CATALOG_PREFIX}/${language}.json`, ({ request, response }) =>
      sendAsset(request, response, asset, 200, { 'cache-control': CATALOG_CACHE_CONTROL }),
    );
  }
}

/** A served file made from bytes in memory (a catalog), compressed and tagged like the files of the asset folder. */
export function assetOf(contentType: string, body: Buffer): Asset {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  let encodings = encodedByEtag.get(etag);
  if (!encodings) {
    encodings = encodingsOf(contentType, body);
    encodedByEtag.set(etag, encodings);
  }
  return { contentType, body, encodings, etag };
}

function builtPage(built: BuiltPages, name: string): BuiltFile {
  const page = built.pages.get(name);
  if (!page) throw new Error(`The ${name} page is missing from the build: run npm run build:pages.`);
  return page;
}

/** A built file as a served asset: its encodings are the ones the build made. */
function builtAsset(file: BuiltFile): Asset {
  const etag = `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 22)}"`;
  return { contentType: file.contentType, body: file.body, encodings: file.encodings, etag };
}

/** Brotli at its strongest costs ~0.5 s for all the assets: done once per process, whatever builds the routes again. */
const encodedByEtag = new Map<string, EncodedBody[]>();

interface EncodedBody {
  encoding: 'br' | 'gzip';
  body: Buffer;
}

/**
 * Compressed once at start-up, at the strongest settings: brotli saves another ~15 % over gzip on the pages' scripts,
 * which counts on a weak signal (the capture page's budget before the first photo is 32 KB).
 */
function encodingsOf(contentType: string, body: Buffer): EncodedBody[] {
  if (contentType.startsWith('image/png')) return [];
  const candidates: EncodedBody[] = [
    {
      encoding: 'br',
      body: brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    },
    { encoding: 'gzip', body: gzipSync(body, { level: 9 }) },
  ];
  return candidates.filter((candidate) => candidate.body.length < body.length);
}

function sendAsset(request: IncomingMessage, response: ServerResponse, asset: Asset | undefined, status: number, extra: Record<string, string>): void {
  if (!asset) return sendNotFound(response);
  const headers: Record<string, string> = {
    'content-type': asset.contentType,
    // Revalidated on every use (a 304 costs a few bytes), so a deployment is picked up at once.
    'cache-control': 'no-cache',
    etag: asset.etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    ...extra,
  };
  if (status === 200 && request.headers['if-none-match'] === asset.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoded = asset.encodings.find((candidate) => acceptsEncoding(accepted, candidate.encoding));
  const body = encoded ? encoded.body : asset.body;
  if (encoded) headers['content-encoding'] = encoded.encoding;
  headers['content-length'] = String(body.length);
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

function sendNotFound(response: ServerResponse): void {
  const text = JSON.stringify({ message: 'Not found.' });
  response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
