// Serves stored photos at their unguessable URLs. The token is the only credential, as with any capability URL,
// so responses are private to the browser cache and never sniffed into another type.
import type { Services } from '../../services.js';
import { sendJson } from './http-io.js';
import type { Router } from './router.js';

export function registerPhotoRoutes(router: Router, services: Services): void {
  router.on('GET', '/photos/:token', async ({ response, params }) => {
    const token = params.token ?? '';
    const capture = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await services.stores.captures.findByUrlToken(token) : null;
    if (!capture?.file_id || !capture.mime_type) return sendJson(response, 404, { message: 'Photo not found.' });
    response.writeHead(200, {
      'content-type': capture.mime_type,
      'content-length': String(capture.size_bytes),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    const stream = services.files.open(capture.file_id);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  });
}
