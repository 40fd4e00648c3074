// GET /v1/sessions/:key/capture-qr.svg (docs/staff.md "QR code"): the capture link as a QR code, for those who may see
// the link (docs/limits.md): the API headers, or a signed-in owner or inspector — the dashboard shows it as an image.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import type { CaptureLinkViewer } from '../../users/roles.js';
import { captureQrSvg } from '../../inspections/capture-qr.js';
import { authenticateRequest, headerValue } from '../request-authentication.js';
import { requestSignInCookie } from '../sign-in-cookie.js';
import type { Router } from './router.js';

/** The account a session is looked up in. */
type SessionAccount = Parameters<UseCases['sessions']['require']>[0];

export function registerCaptureQrRoute(router: Router, services: UseCases): void {
  router.on('GET', '/v1/sessions/:sessionKey/capture-qr.svg', async ({ request, response, params }) => {
    const { account, viewer } = await apiOrSignedIn(services, request);
    const session = await services.sessions.require(account, params.sessionKey ?? '');
    const link = services.sessions.captureLinkFor(session, viewer);
    if (!link) throw new AppError('FORBIDDEN', 'Only owners, inspectors and integrations may see the capture link.');
    response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, no-store' }).end(await captureQrSvg(link));
  });
}

/** The API headers when the request carries them; otherwise the sign-in cookie's user, as the dashboard's images send it. */
async function apiOrSignedIn(services: UseCases, request: IncomingMessage): Promise<{ account: SessionAccount; viewer: CaptureLinkViewer }> {
  const cookie = headerValue(request, 'api-key') === undefined ? requestSignInCookie(request) : undefined;
  if (cookie) {
    const active = await services.signIns.find(cookie);
    if (active) return { account: active.account, viewer: { kind: 'user', role: active.user.role } };
  }
  return { account: (await authenticateRequest(services, request)).account, viewer: { kind: 'api' } };
}
