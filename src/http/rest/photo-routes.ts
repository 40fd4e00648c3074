// Serves stored photos at their unguessable URLs, as the original or a thumbnail (`?size=thumb|medium`). The token is
// the only credential, as with any capability URL, so responses are private to the browser cache and never sniffed
// into another type.
import { pipeline } from 'node:stream/promises';
import type { UseCases } from '../../services.js';
import { parsePhotoSize } from '../../domain/photo-variants.js';
import { sendJson } from './http-io.js';
import type { Router } from './router.js';

export function registerPhotoRoutes(router: Router, services: UseCases): void {
  router.on('GET', '/photos/:token', async ({ request, response, params, url }) => {
    const size = parsePhotoSize(url.searchParams.get('size'));
    if (!size) return sendJson(response, 400, { message: 'size must be thumb or medium (or absent for the original).' });
    const photo = await services.files.openByUrlToken(params.token ?? '', size);
    if (!photo) return sendJson(response, 404, { message: 'Photo not found.' });
    response.writeHead(200, {
      'content-type': photo.contentType,
      'content-length': String(photo.size),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    if (request.method === 'HEAD') {
      photo.body.destroy();
      response.end();
      return;
    }
    // A client that goes away mid-download ends the store's stream too (an S3 socket is not left open).
    await pipeline(photo.body, response).catch(() => response.destroy());
  });
}
