// Condition report documents: for integrators under /v1 (API headers), and for the capture app under /capture
// (the Capture-Token header — never a token in the URL).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../services.js';
import type { StoredFile } from '../../storage/file-store.js';
import type { InspectionSessionDocument } from '../../store/inspection-sessions.js';
import { AppError } from '../../errors.js';
import { sessionNotFound } from '../../inspections/session-service.js';
import { authenticateRequest, captureSessionOf, headerValue } from '../request-authentication.js';
import type { Router } from './router.js';

export function registerReportRoutes(router: Router, services: Services): void {
  const forAccount = async (request: IncomingMessage, sessionKey: string) =>
    services.sessions.require((await authenticateRequest(services, request)).account, sessionKey);
  const forCaptureToken = async (request: IncomingMessage, sessionKey: string) => {
    const token = headerValue(request, 'capture-token');
    const session = await captureSessionOf(services, request);
    if (!token) throw new AppError('FORBIDDEN', 'A Capture-Token header is required.', { error: 'Invalid Capture Token' });
    if (!session || session._id !== sessionKey) throw sessionNotFound(sessionKey);
    return session;
  };

  for (const [prefix, resolve, audience] of [
    ['/v1/sessions', forAccount, 'account'],
    ['/capture', forCaptureToken, 'guest'],
  ] as const) {
    router.on('GET', `${prefix}/:sessionKey/report`, async ({ request, response, params }) => {
      sendHtml(response, await services.reportDocuments.html(await resolve(request, params.sessionKey ?? ''), audience));
    });
    router.on('GET', `${prefix}/:sessionKey/report.pdf`, async ({ request, response, params }) => {
      const session: InspectionSessionDocument = await resolve(request, params.sessionKey ?? '');
      await sendPdf(response, await services.reportDocuments.pdf(session, audience), session._id);
    });
  }
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  });
  response.end(html);
}

/** Streams the stored PDF; the bytes never pass through memory as a whole. */
async function sendPdf(response: ServerResponse, pdf: StoredFile, sessionKey: string): Promise<void> {
  response.writeHead(200, {
    'content-type': 'application/pdf',
    'content-length': String(pdf.size),
    'content-disposition': `inline; filename="condition-report-${sessionKey}.pdf"`,
    'cache-control': 'private, no-store',
  });
  // Headers are out: a failure now (the client went away, a read error) can only end the response, which pipeline does.
  await pipeline(pdf.body, response).catch(() => undefined);
}
