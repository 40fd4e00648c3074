// A simulated capture of a test session (docs/rest-guide.md "Test keys"): what POST /v1/sessions/:key/simulate takes
// and answers; REST validation, OpenAPI and GraphQL derive from these schemas.
import { z } from 'zod';

const REJECTED_RULE = 'must be a whole number from 0 to 13.';

export const SimulateBodySchema = z
  .object({
    outcome: z
      .enum(['complete', 'expire'], { error: 'must be complete or expire.' })
      .meta({ description: '`complete`: every photo accepted, confirmed and the review completed; `expire`: a photo or two, then the session expires.' }),
    rejected_photos: z
      .int({ error: REJECTED_RULE })
      .min(0, { error: REJECTED_RULE })
      .max(13, { error: REJECTED_RULE })
      .optional()
      .meta({ description: "How many views get a rejected (too dark) photo before the accepted one, at most the theme's count; default 0." }),
  })
  .strict()
  .meta({ id: 'SimulateBody' });

export type SimulateInput = z.output<typeof SimulateBodySchema>;

export const SimulationStartedSchema = z
  .object({
    session_key: z.string(),
    outcome: z.enum(['complete', 'expire']),
    rejected_photos: z.int(),
    message: z.string(),
  })
  .meta({ id: 'SimulationStarted', description: 'The simulation runs on: its events and webhooks follow within seconds.' });

export type SimulationStarted = z.output<typeof SimulationStartedSchema>;
