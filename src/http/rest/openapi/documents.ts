// The document operations of the OpenAPI document: condition reports as HTML or PDF (under /v1 with the API headers,
// under /capture with the Capture-Token header) and stored photos at their capability URLs.
import { z } from 'zod';
import type { oas31, ZodOpenApiContentObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { THUMBNAIL_SIZES, type ThumbnailSize } from '../../../domain/photo-variants.js';
import { URL_TOKEN_PATTERN } from '../../../inspections/photo-files.js';
import { REPORT_CACHE_CONTROL, REPORT_PAGE_CSP } from '../report-routes.js';
import { CaptureSessionKeyParam, EXAMPLE, RATE_LIMIT_HEADERS, SessionKeyParam, errorResponse, v1Errors } from './common.js';

const PhotoTokenParam = z
  .string()
  .regex(URL_TOKEN_PATTERN)
  .meta({
    param: {
      id: 'PhotoToken',
      name: 'token',
      in: 'path',
      required: true,
      description: 'The unguessable token of a stored photo, as found in photo URLs.',
      example: EXAMPLE.photoToken,
    },
  });

const PhotoSizeParam = z
  .enum(Object.keys(THUMBNAIL_SIZES) as [ThumbnailSize, ...ThumbnailSize[]])
  .optional()
  .meta({
    param: {
      name: 'size',
      in: 'query',
      description: 'Absent: the original upload. `thumb`: a JPEG at most 400 px on its long edge; `medium`: at most 1280 px. EXIF orientation applied.',
    },
  });

const CAPTURE_REPORT_DESCRIPTION =
  'For the capture app: authenticated with the Capture-Token header (the part of capture_url after #), never the API headers, ' +
  'and never a token in the URL. Available once the session is COMPLETE (409 before). No Capture-Token: 403; a token of ' +
  'another session, or none known: 404. Not rate-limited.';

const V1_REPORT_DESCRIPTION = 'Available once the session is COMPLETE (409 `Session is not yet completed.` before). Errors are JSON.';

/** A body that is not JSON: a document or image in each of the given media types. */
function mediaContent(...mediaTypes: string[]): ZodOpenApiContentObject {
  return Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string().meta({ contentMediaType: type }) }]));
}

/** The headers that differ by format: the PDF's file name, the HTML page's content policy. */
function formatHeader(format: 'html' | 'pdf'): oas31.HeadersObject {
  if (format === 'pdf') {
    return {
      'Content-Disposition': {
        description: 'Shown inline, named after the session.',
        schema: { type: 'string' },
        example: `inline; filename="condition-report-${EXAMPLE.sessionKey}.pdf"`,
      },
    };
  }
  return {
    'Content-Security-Policy': {
      description: 'The page runs no script and loads images from this origin only.',
      schema: { type: 'string', const: REPORT_PAGE_CSP },
    },
  };
}

/** A report document: HTML or PDF, never cached; /v1 answers also carry the rate-limit headers. */
function reportOk(format: 'html' | 'pdf', rateLimited: boolean): ZodOpenApiResponseObject {
  return {
    description:
      format === 'html'
        ? 'The condition report as a self-contained HTML page (UTF-8): vehicle, overall grade, damages, photos, location and notes.'
        : 'The condition report as a PDF, with JPEG thumbnails of the reported photos.',
    headers: {
      ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
      'Cache-Control': { description: 'Always `private, no-store`.', schema: { type: 'string', const: REPORT_CACHE_CONTROL } },
      ...formatHeader(format),
    },
    content: mediaContent(format === 'html' ? 'text/html' : 'application/pdf'),
  };
}

function captureReportResponses(format: 'html' | 'pdf') {
  return {
    '200': reportOk(format, false),
    '403': errorResponse('CaptureTokenRequired'),
    '404': errorResponse('NotFound'),
    '409': errorResponse('Conflict'),
    '500': errorResponse('InternalError'),
  };
}

export function documentPaths(): ZodOpenApiPathsObject {
  return { ...v1ReportPaths(), ...captureQrPaths(), ...photoPaths(), ...captureReportPaths(), ...reportLinkPaths() };
}

const ReportLinkTokenParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32}$/)
  .meta({
    param: {
      id: 'ReportLinkToken',
      name: 'token',
      in: 'path',
      required: true,
      description: 'The token of report.url / report.pdf_url in the results: 32 URL-safe characters, 192 random bits.',
      example: 'q3Vx0bJm8LrT5wYc2NfH7kPd1sGa9ZeU',
    },
  });

const REPORT_LINK_DESCRIPTION =
  'A shareable link to the latest condition report of a completed session, for people: no headers or cookies, the ' +
  'unguessable token is the permission, for REPORT_LINK_DAYS days (report.expires_at). Answers carry ' +
  '`Referrer-Policy: no-referrer` and `X-Robots-Tag: noindex`. A token that opens nothing gets an HTML page, 404 ' +
  "(unknown) or 410 (expired), in the language the browser asks for; every attempt spends the client address's " +
  'rate-limit budget (429 beyond it).';

/** A refusal a person reads: an HTML page, not JSON. */
const linkRefusal = (description: string): ZodOpenApiResponseObject => ({ description, content: mediaContent('text/html') });

function reportLinkPaths(): ZodOpenApiPathsObject {
  const operation = (format: 'html' | 'pdf') => ({
    tags: ['Reports'],
    summary: format === 'html' ? 'Open a shared report link (HTML)' : 'Open a shared report link (PDF)',
    description: REPORT_LINK_DESCRIPTION,
    operationId: format === 'html' ? 'openReportLinkHtml' : 'openReportLinkPdf',
    security: [],
    parameters: [ReportLinkTokenParam],
    responses: {
      '200': reportOk(format, false),
      '404': linkRefusal('No report behind this token: a page saying the link is not valid.'),
      '410': linkRefusal('The link has expired: a page saying so.'),
      '429': errorResponse('TooManyRequests'),
      '500': errorResponse('InternalError'),
    },
  });
  return { '/reports/{token}': { get: operation('html') }, '/reports/{token}.pdf': { get: operation('pdf') } };
}

function captureQrPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/sessions/{sessionKey}/capture-qr.svg': {
      get: {
        tags: ['Sessions'],
        summary: 'The capture link as a QR code (SVG)',
        description:
          "An SVG QR code of the session's capture_url, to hand the link to someone standing at the car. With the API headers, or " +
          "a signed-in owner's or inspector's cookie (the dashboard shows it as an image); a viewer, who may not see the capture link, gets 403.",
        operationId: 'getCaptureQr',
        parameters: [SessionKeyParam],
        responses: {
          '200': {
            description: 'The QR code, never cached.',
            headers: { 'Cache-Control': { description: 'Always `private, no-store`.', schema: { type: 'string', const: 'private, no-store' } } },
            content: mediaContent('image/svg+xml'),
          },
          ...v1Errors('NotFound'),
        },
      },
    },
  };
}

function v1ReportPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/sessions/{sessionKey}/report': {
      get: {
        tags: ['Reports'],
        summary: 'Read the condition report (HTML)',
        description: V1_REPORT_DESCRIPTION,
        operationId: 'getSessionReportHtml',
        parameters: [SessionKeyParam],
        responses: { '200': reportOk('html', true), ...v1Errors('NotFound', 'Conflict') },
      },
    },
    '/v1/sessions/{sessionKey}/report.pdf': {
      get: {
        tags: ['Reports'],
        summary: 'Download the condition report (PDF)',
        description: V1_REPORT_DESCRIPTION,
        operationId: 'getSessionReportPdf',
        parameters: [SessionKeyParam],
        responses: { '200': reportOk('pdf', true), ...v1Errors('NotFound', 'Conflict') },
      },
    },
  };
}

function photoPaths(): ZodOpenApiPathsObject {
  return {
    '/photos/{token}': {
      get: {
        tags: ['Photos'],
        summary: 'Download a stored photo',
        description:
          'The unguessable URL is the only credential (capability URL). Served with `Cache-Control: private, max-age=31536000, immutable` and `X-Content-Type-Options: nosniff`. Not rate-limited. A rejected upload keeps only its thumbnail, which its URL serves whatever the size asked for.',
        operationId: 'getPhoto',
        security: [],
        parameters: [PhotoTokenParam, PhotoSizeParam],
        responses: {
          '200': {
            description: 'The image: the original in the format it was uploaded in, a thumbnail as JPEG.',
            content: mediaContent('image/jpeg', 'image/png', 'image/webp'),
          },
          '400': errorResponse('BadRequest'),
          '404': errorResponse('NotFound'),
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}

function captureReportPaths(): ZodOpenApiPathsObject {
  return {
    '/capture/{sessionKey}/report': {
      get: {
        tags: ['Reports'],
        summary: 'Read the condition report from the capture app (HTML)',
        description: CAPTURE_REPORT_DESCRIPTION,
        operationId: 'getCaptureReportHtml',
        security: [{ CaptureToken: [] }],
        parameters: [CaptureSessionKeyParam],
        responses: captureReportResponses('html'),
      },
    },
    '/capture/{sessionKey}/report.pdf': {
      get: {
        tags: ['Reports'],
        summary: 'Download the condition report from the capture app (PDF)',
        description: CAPTURE_REPORT_DESCRIPTION,
        operationId: 'getCaptureReportPdf',
        security: [{ CaptureToken: [] }],
        parameters: [CaptureSessionKeyParam],
        responses: captureReportResponses('pdf'),
      },
    },
  };
}
