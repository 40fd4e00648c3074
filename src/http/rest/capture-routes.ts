// Capture by API (docs/rest-guide.md): an integrator's own capture app sends photos and confirms over REST, through the
// same capture use cases as the web capture app. A photo comes as the request body (image/jpeg, image/png, image/webp)
// or as the multipart field `file`; its content, not its declared type, decides whether it is an image.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import { badRequest } from '../../errors.js';
import { photoView } from '../../inspections/representation.js';
import { apiSessionView } from './v1-routes.js';
import { MAX_PHOTO_BYTES } from '../../inspections/photo-limits.js';
import { authenticateRequest } from '../request-authentication.js';
import { readBodyBytes, readJsonBody, sendJson } from './http-io.js';
import type { Router } from './router.js';

/** A multipart body holds the photo plus its part headers and boundaries. */
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

export function registerCaptureRoutes(router: Router, services: UseCases): void {
  router.on('POST', '/v1/sessions/:sessionKey/photos/:photoCode', async ({ request, response, params }) => {
    const { account } = await authenticateRequest(services, request);
    const photoCode = Number(params.photoCode);
    if (!Number.isInteger(photoCode)) throw badRequest('photo_code must be a whole number.');
    const bytes = await readPhoto(request);
    const capture = await services.capture.capturePhotoForAccount(account, params.sessionKey ?? '', photoCode, bytes);
    sendJson(response, 200, photoView(capture, services.urls));
  });

  router.on('POST', '/v1/sessions/:sessionKey/confirm', async ({ request, response, params }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 200, await apiSessionView(services, await services.capture.confirmForAccount(account, params.sessionKey ?? '')));
  });

  // A test session's whole capture, simulated (docs/rest-guide.md "Test keys"): 202 at once, the events follow.
  router.on('POST', '/v1/sessions/:sessionKey/simulate', async ({ request, response, params }) => {
    const { account } = await authenticateRequest(services, request);
    sendJson(response, 202, await services.simulator.start(account, params.sessionKey ?? '', await readJsonBody(request)));
  });
}

/** The photo's bytes: the multipart field `file`, or the body itself. Over 15 MB → 413; no photo at all → 400. */
async function readPhoto(request: IncomingMessage): Promise<Buffer> {
  const contentType = request.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const body = await readBodyBytes(request, MAX_PHOTO_BYTES + MULTIPART_ALLOWANCE_BYTES);
    let form: FormData;
    try {
      form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    } catch {
      throw badRequest('Malformed multipart body.');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw badRequest('The multipart field file (the photo) is missing.');
    if (file.size > MAX_PHOTO_BYTES) throw badRequest(`The photo exceeds the limit of ${MAX_PHOTO_BYTES} bytes.`);
    return Buffer.from(await file.arrayBuffer());
  }
  const body = await readBodyBytes(request, MAX_PHOTO_BYTES);
  if (body.length === 0) throw badRequest('The photo is missing: send it as the body (image/jpeg, image/png or image/webp) or as the multipart field file.');
  return body;
}
