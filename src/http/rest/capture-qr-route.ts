// GET /v1/sessions/:key/capture-qr.svg (docs/staff.md "QR code"): the capture link as a QR code, for those who may see
// the link (docs/limits.md): the API headers, or a signed-in owner or inspector — the dashboard shows it as an image.
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import { captureQrSvg } from '../../inspections/capture-qr.js';
import { apiOrSignedIn } from './api-or-cookie.js';
import type { Router } from './router.js';

export function registerCaptureQrRoute(router: Router, services: UseCases): void {
  router.on('GET', '/v1/sessions/:sessionKey/capture-qr.svg', async ({ request, response, params }) => {
    const { account, viewer } = await apiOrSignedIn(services, request);
    const session = await services.sessions.require(account, params.sessionKey ?? '');
    const link = services.sessions.captureLinkFor(session, viewer);
    if (!link) throw new AppError('FORBIDDEN', 'Only owners, inspectors and integrations may see the capture link.');
    response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, no-store' }).end(await captureQrSvg(link));
  });
}
