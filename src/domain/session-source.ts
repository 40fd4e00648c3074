// Who created a session (docs/rest-guide.md, results): an integrator through an API key, or a person signed in to the
// dashboard. Recorded at creation; sessions stored before it was recorded count as `api`.
import { z } from 'zod';

export const SessionSourceSchema = z.enum(['api', 'dashboard']);

export type SessionSource = z.output<typeof SessionSourceSchema>;
