// Condition report documents: for integrators under /v1 (API headers), and for the capture app under /capture
// (the Capture-Token header — never a token in the URL).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { UseCases } from '../../services.js';
import type { StoredFile } from '../../storage/file-store.js';
import { AppError } from '../../errors.js';
import { authenticateRequest, captureSessionOf, headerValue } from '../request-authentication.js';
import type { Router } from './router.js';
import { REPORT_LINK_PREFIX } from '../../inspections/public-urls.js';
import { NO_FRAMING } from '../security-headers.js';
import { captureLanguageOf } from '../../domain/languages.js';
import { renderLinkRefusalHtml } from '../../reports/report-html.js';
import { compressedForRequest } from '../content-encoding.js';

/** Report documents are personal and change with a review: never cached by anyone on the way. */
export const REPORT_CACHE_CONTROL = 'private, no-store';
/**
 * The report page runs no script and loads images from this origin only, besides its empty `data:,` icon (which spares
 * every browser a request for /favicon.ico and its 404).
 */
export const REPORT_PAGE_CSP = `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; ${NO_FRAMING}`;

/** The 403 a capture report route answers without a Capture-Token header. */
export const CAPTURE_TOKEN_REQUIRED_MESSAGE = 'A Capture-Token header is required.';

export function registerReportRoutes(router: Router, services: UseCases): void {
  const forAccount = async (request: IncomingMessage, sessionKey: string) =>
    services.sessions.require((await authenticateRequest(services, request)).account, sessionKey);
  const forCaptureToken = async (request: IncomingMessage, sessionKey: string) => {
    if (!headerValue(request, 'capture-token')) throw new AppError('FORBIDDEN', CAPTURE_TOKEN_REQUIRED_MESSAGE, { error: 'Invalid Capture Token' });
    const session = await captureSessionOf(services, request);
    return services.captureAccess.require(session?.key ?? null, sessionKey, 'read', session);
  };

  // Shareable links: no credentials, the unguessable token is the permission, until it expires.
  router.on('GET', `${REPORT_LINK_PREFIX}/:document`, async ({ request, response, params }) => {
    const document = params.document ?? '';
    const asPdf = document.endsWith('.pdf');
    const opened = await services.reportDocuments.openLink(asPdf ? document.slice(0, -'.pdf'.length) : document);
    if ('refused' in opened) return await sendLinkRefusal(request, response, opened.refused, readerLanguage(request));
    if (asPdf) await sendPdf(response, await services.reportDocuments.pdf(opened.session, 'account'), opened.session.key, LINK_HEADERS);
    else await sendHtml(request, response, await services.reportDocuments.html(opened.session, 'account'), LINK_HEADERS);
  });

  for (const [prefix, resolve, audience] of [
    ['/v1/sessions', forAccount, 'account'],
    ['/capture', forCaptureToken, 'guest'],
  ] as const) {
    router.on('GET', `${prefix}/:sessionKey/report`, async ({ request, response, params }) => {
      await sendHtml(request, response, await services.reportDocuments.html(await resolve(request, params.sessionKey ?? ''), audience));
    });
    router.on('GET', `${prefix}/:sessionKey/report.pdf`, async ({ request, response, params }) => {
      const session = await resolve(request, params.sessionKey ?? '');
      await sendPdf(response, await services.reportDocuments.pdf(session, audience), session.key);
    });
  }
}

/** A link's token must not travel on in a Referer header, and its pages have no place in a search index. */
const LINK_HEADERS = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };

/** The page, compressed where the browser takes it (a report is ~8 KB of HTML, ~2 KB compressed). */
async function sendHtml(request: IncomingMessage, response: ServerResponse, html: string, headers: Record<string, string> = {}, status = 200): Promise<void> {
  const body = Buffer.from(html);
  const encoded = await compressedForRequest(request.headers['accept-encoding'], body);
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': REPORT_CACHE_CONTROL,
    'content-security-policy': REPORT_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
    ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
    'content-length': String((encoded?.body ?? body).length),
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : (encoded?.body ?? body));
}

/** A person followed a link that opens nothing: say so in a page, not in JSON, in the language their browser asks for. */
function sendLinkRefusal(request: IncomingMessage, response: ServerResponse, reason: 'unknown' | 'expired', language: string | null): Promise<void> {
  return sendHtml(request, response, renderLinkRefusalHtml(reason, language), LINK_HEADERS, reason === 'expired' ? 410 : 404);
}

/** The first language of Accept-Language the report speaks (no session is known to take it from). */
function readerLanguage(request: IncomingMessage): string | null {
  const tags = String(request.headers['accept-language'] ?? '').split(',');
  for (const tag of tags) {
    const language = captureLanguageOf(tag.split(';')[0] ?? '');
    if (language) return language;
  }
  return null;
}

/** Streams the stored PDF; the bytes never pass through memory as a whole. */
async function sendPdf(response: ServerResponse, pdf: StoredFile, sessionKey: string, headers: Record<string, string> = {}): Promise<void> {
  response.writeHead(200, {
    'content-type': 'application/pdf',
    'content-length': String(pdf.size),
    'content-disposition': `inline; filename="condition-report-${sessionKey}.pdf"`,
    'cache-control': REPORT_CACHE_CONTROL,
    ...headers,
  });
  // Headers are out: a failure now (the client went away, a read error) can only end the response, which pipeline does.
  await pipeline(pdf.body, response).catch(() => undefined);
}
