// Browser sign-in (docs/staff.md): /auth/login, /auth/logout, /auth/me and /auth/password, over the cg_session cookie.
import type { UseCases } from '../../services.js';
import { AppError, badRequest } from '../../errors.js';
import { signedInUser } from '../../users/sign-ins.js';
import { clearedSignInCookie, requestSignInCookie, signInCookie } from '../sign-in-cookie.js';
import { readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';
import { refuseCrossSiteWrite } from '../cross-site-requests.js';

export function registerAuthRoutes(router: Router, services: UseCases): void {
  router.on('POST', '/auth/login', async ({ request, response }) => {
    // A foreign page's form cannot send JSON, so it cannot sign a visitor in to someone else's user (login CSRF).
    if ((request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      throw badRequest('Send the sign-in as content-type application/json.');
    }
    const { token, user } = await services.signIns.signIn(await readJsonBody(request));
    sendJson(response, 200, user, { 'set-cookie': signInCookie(token, services.urls.base) });
  });

  router.on('POST', '/auth/logout', async ({ request, response }) => {
    refuseCrossSiteWrite(request);
    await services.signIns.signOut(requestSignInCookie(request) ?? '');
    response.writeHead(204, { 'set-cookie': clearedSignInCookie(services.urls.base), 'cache-control': 'no-store' }).end();
  });

  // The signed-in user's own password; their other sign-ins end, this browser stays signed in.
  router.on('POST', '/auth/password', async ({ request, response }) => {
    refuseCrossSiteWrite(request);
    await services.signIns.changePassword(requestSignInCookie(request) ?? '', await readJsonBody(request));
    response.writeHead(204, { 'cache-control': 'no-store' }).end();
  });

  router.on('GET', '/auth/me', async ({ request, response }) => {
    const active = await services.signIns.find(requestSignInCookie(request) ?? '');
    if (!active) throw new AppError('UNAUTHENTICATED', 'Not signed in.');
    sendJson(response, 200, signedInUser(active.user, active.account));
  });
}
