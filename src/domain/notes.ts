// The body of a note (POST /v1/sessions/{sessionKey}/notes, GraphQL addNote): a title and a description, both
// trimmed and required. Other keys are ignored, as they always were.
import { z } from 'zod';
import { firstIssueMessage, type ParseResult } from './validation.js';

/** A note of a session as the code works with it (src/store/notes.ts maps it to the stored shape). */
export interface Note {
  sessionKey: string;
  apiKey: string;
  title: string;
  description: string;
  /** The account username, or guest for a note from the capture app. */
  user: string;
  createdAt: Date;
}

export const NOTE_TITLE_MAX = 200;
export const NOTE_DESCRIPTION_MAX = 5000;

// One message per field whatever is wrong with it (missing, not a string, blank, too long).
function requiredText(max: number) {
  const message = `is required, at most ${max} characters.`;
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
}

export const NoteInputSchema = z.object({ title: requiredText(NOTE_TITLE_MAX), description: requiredText(NOTE_DESCRIPTION_MAX) }).meta({ id: 'NoteInput' });
export type NoteInput = z.output<typeof NoteInputSchema>;

/** `json`: the request body or the GraphQL arguments. */
export function parseNoteInput(json: unknown): ParseResult<NoteInput> {
  const parsed = NoteInputSchema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: firstIssueMessage(parsed.error) };
}
