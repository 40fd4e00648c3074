// The damage and review operations of the OpenAPI document: the damage catalog, a session's damage records, the
// review that completes it, and its results.
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { damageCatalog, DamageCatalogSchema } from '../../../domain/damage-catalog.js';
import {
  DamageChangeSchema,
  DamageInputSchema,
  DamageListSchema,
  DamageRemovedSchema,
  DamageSchema,
  type DamageRemoved,
  type DamageView,
} from '../../../domain/grading.js';
import { ResultsDamageSchema, SessionResultsSchema, type SessionResults } from '../../../domain/results.js';
import { ReopenReviewInputSchema, ReviewInputSchema } from '../../../inspections/review-service.js';
import { SessionSchema } from '../../../inspections/representation.js';
import { exampleSession } from './sessions.js';
import { EXAMPLE, exampleDecodeFields, exampleVehicle, jsonBody, SessionKeyParam, v1Errors, v1Ok } from './common.js';

const exampleDamageId = 'c2Vzc2lvbmRhbWFn';

const DamageIdParam = z.string().meta({
  param: { id: 'DamageId', name: 'damageId', in: 'path', required: true, example: exampleDamageId },
});

const exampleRegion = { x: 0.42, y: 0.55, width: 0.12, height: 0.08 };

const exampleDamage: DamageView = {
  damage_id: exampleDamageId,
  item: 'rear_bumper',
  damage_type: 'scratch',
  damage: 'scratch',
  grade: 2,
  photo_code: 8,
  region: exampleRegion,
  source: 'manual',
  status: 'accepted',
  score: null,
  note: 'Along the top edge.',
  created_by: 'api',
  created_at: '2026-03-14T09:51:30.610Z',
};

const exampleDamageInput = {
  item: 'Rear Bumper',
  damage_type: 'scratch',
  grade: 2,
  photo_code: 8,
  region: exampleRegion,
} satisfies z.input<typeof DamageInputSchema>;

const exampleRemoved: DamageRemoved = { message: `Damage ${exampleDamageId} has been removed.` };

const exampleReportLink = `https://capture.example.com/r/9f2Kq7Xv3LmT8bWc1RzN5sJd0YhGa4Ue`;

/** The results of the example session, as GET .../results and the SESSION:COMPLETE webhook give them. */
export const exampleSessionResults: SessionResults = {
  event: 'SESSION:COMPLETE',
  session: {
    session_key: EXAMPLE.sessionKey,
    theme: 'PRO',
    status: 'COMPLETE',
    language: 'en',
    redirect_url: 'https://dealer.example.com/done',
    created_at: '2026-03-14T09:26:54.120+00:00',
    inspect_started_at: '2026-03-14T09:40:12.000+00:00',
    inspect_ended_at: '2026-03-14T09:58:16.123+00:00',
    capture_duration: 1012,
    inspect_duration: 403,
    source: { type: 'api' },
    options: {
      client_id: 'lot-42',
      contact: null,
      sms: { to: '+14155550123', to_name: 'Jane Doe', from: null, by: null },
      reference: { stock_number: 'A1234' },
    },
  },
  vehicle: {
    ...exampleVehicle,
    vin_captured: exampleVehicle.vin,
    vin_match: true,
    ...exampleDecodeFields,
    odom_captured: { reading: 42315, unit: 'km', source: 'photo' },
    odom_match: true,
  },
  photos: [
    { photo_code: 1, photo_label: 'VIN', url: `https://capture.example.com/photos/${EXAMPLE.photoToken}`, approved: true, approved_message: 'ACCEPTED' },
  ],
  location: { latitude: 37.7749, longitude: -122.4194, accuracy: 12.5, captured_at: '2026-03-14T09:40:15.000+00:00' },
  inspection: {
    assessment: 'ASSESSED',
    total_damages: 1,
    grade: 4,
    max_grade_per_item: { rear_bumper: 2 },
    reviewed_by: 'api',
    reviewed_at: '2026-03-14T10:05:00.000+00:00',
    // The example damage, reduced to the fields the results report.
    damages: [ResultsDamageSchema.parse(exampleDamage)],
  },
  report: { url: exampleReportLink, pdf_url: `${exampleReportLink}.pdf`, expires_at: '2026-04-13T10:05:00.000+00:00', revision: 1 },
};

function damagePaths(): ZodOpenApiPathsObject {
  return {
    '/v1/damage-catalog': {
      get: {
        tags: ['Sessions'],
        summary: 'Read the damage catalog',
        description: 'The closed lists of vehicle items and damage types a damage record names, with what each grade means.',
        operationId: 'getDamageCatalog',
        responses: { '200': v1Ok('The catalog.', DamageCatalogSchema, damageCatalog()), ...v1Errors() },
      },
    },
    '/v1/sessions/{sessionKey}/damages': {
      get: {
        tags: ['Sessions'],
        summary: 'List the damage records',
        description: 'Every record, oldest first: accepted, declined and proposed.',
        operationId: 'listSessionDamages',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The damage records.', DamageListSchema, [exampleDamage]), ...v1Errors('NotFound') },
      },
      post: {
        tags: ['Sessions'],
        summary: 'Record a damage (manual source, accepted)',
        description: 'Allowed in every status before COMPLETE (409 after; 400 once EXPIRED). At most 100 manual records a session.',
        operationId: 'addSessionDamage',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(DamageInputSchema, { damage: exampleDamageInput }),
        responses: { '200': v1Ok('The damage record.', DamageSchema, exampleDamage), ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge') },
      },
    },
    '/v1/sessions/{sessionKey}/damages/{damageId}': {
      patch: {
        tags: ['Sessions'],
        summary: 'Change a damage record',
        description: 'Accept or decline a proposal, or change grade, type, item, region or note. Before COMPLETE only (409 after).',
        operationId: 'updateSessionDamage',
        parameters: [SessionKeyParam, DamageIdParam],
        requestBody: jsonBody(DamageChangeSchema, {
          accept: { status: 'accepted' },
          regrade: { grade: 3, note: 'Deeper than it looked.' },
        } satisfies Record<string, z.input<typeof DamageChangeSchema>>),
        responses: { '200': v1Ok('The damage record.', DamageSchema, exampleDamage), ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge') },
      },
      delete: {
        tags: ['Sessions'],
        summary: 'Remove a manual damage record',
        description: "Before COMPLETE only (409 after). A detector's proposal cannot be removed: decline it.",
        operationId: 'deleteSessionDamage',
        parameters: [SessionKeyParam, DamageIdParam],
        responses: { '200': v1Ok('Confirmation.', DamageRemovedSchema, exampleRemoved), ...v1Errors('BadRequest', 'NotFound', 'Conflict') },
      },
    },
  };
}

function reviewAndResultsPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/sessions/{sessionKey}/review': {
      post: {
        tags: ['Sessions'],
        summary: 'Complete the review',
        description:
          'For a CONFIRM session: generates the report and moves the session to COMPLETE (SESSION:COMPLETE), reviewed_by `api`. ' +
          'With no accepted damage, no_damage_found must be true; with accepted damages it must not be. Idempotent: a COMPLETE session answers its results. ' +
          'A reopened review (POST .../review/reopen) is completed again the same way: a new report with report.revision one higher, SESSION:REPORT_REVISED. ' +
          'Any other status: 409.',
        operationId: 'completeSessionReview',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(ReviewInputSchema, { clean: { no_damage_found: true }, damaged: { no_damage_found: false } }),
        responses: {
          '200': v1Ok('The results object.', SessionResultsSchema, exampleSessionResults),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/review/reopen': {
      post: {
        tags: ['Sessions'],
        summary: 'Reopen a completed review',
        description: [
          'For a COMPLETE session whose review a person (or `api`) completed: the status stays COMPLETE, review.state becomes `reopened`,',
          'and damage records may be added, changed and removed again. The report links keep showing the current report until the review',
          'is completed again (POST .../review), which renders the next revision and sends SESSION:REPORT_REVISED with the reason.',
          'reason: 1-500 characters (400 otherwise). Never reviewed, not COMPLETE, or already reopened: 409 (docs/staff.md).',
        ].join(' '),
        operationId: 'reopenSessionReview',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(ReopenReviewInputSchema, { reopen: { reason: 'The dent on the rear door was missed.' } }),
        responses: {
          '200': v1Ok('The session, its review reopened.', SessionSchema, {
            ...exampleSession,
            status: 'COMPLETE',
            active: false,
            review: {
              state: 'reopened',
              revision: 1,
              reopened: { reason: 'The dent on the rear door was missed.', by: 'api', at: '2026-03-14T10:12:00.000Z' },
              revisions: [],
            },
          }),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/results': {
      get: {
        tags: ['Sessions'],
        summary: 'Read the session results',
        description: 'Available once the session is COMPLETE (409 before). Identical to the SESSION:COMPLETE webhook payload.',
        operationId: 'getSessionResults',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The results object.', SessionResultsSchema, exampleSessionResults), ...v1Errors('NotFound', 'Conflict') },
      },
    },
  };
}

export function reviewPaths(): ZodOpenApiPathsObject {
  return { ...damagePaths(), ...reviewAndResultsPaths() };
}
