// Shared input-validation pieces: one human message per zod failure (naming the offending field), the
// free-text field rule, and safe echoing of user input in messages.
import { z } from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Attach to a custom issue whose message is already a full sentence (not a predicate to prefix). */
export const STANDALONE = { standalone: true } as const;

/**
 * The message of the most useful issue: unknown fields first (shallowest first: a typo explains the rest),
 * then the first issue in body order. Field messages are predicates and get the dotted path in front.
 * `allowedKeys` maps an object's dotted path ("" for the body) to the keys it takes, to list them.
 */
export function firstIssueMessage(error: z.ZodError, allowedKeys: Readonly<Record<string, readonly string[]>> = {}): string {
  const unknown = error.issues.filter((issue) => issue.code === 'unrecognized_keys').sort((a, b) => a.path.length - b.path.length)[0];
  const issue = unknown ?? error.issues[0];
  if (issue === undefined) return 'The request body is invalid.';
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => (path === '' ? key : `${path}.${key}`));
    const allowed = allowedKeys[path];
    const hint = allowed === undefined ? '' : allowed.length === 0 ? ' It takes no fields.' : ` Use ${allowed.join(', ')}.`;
    return `Unknown field${names.length > 1 ? 's' : ''} ${names.join(', ')}.${hint}`;
  }
  if (issue.code === 'custom' && issue.params?.standalone === true) return issue.message;
  if (path === '') return 'The request body must be a JSON object.';
  return `${path} ${issue.message}`;
}

/** An optional free-text field: trimmed, at most `max` characters; null and a blank string both mean "unknown". */
export function textField(max: number) {
  const message = `must be a string of at most ${max} characters.`;
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/** A value echoed in a message, cut short so a huge input cannot bloat the error body. */
export function quoteInput(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

const MAX_FREE_JSON_DEPTH = 8;
const MAX_FREE_JSON_BYTES = 16 * 1024;

/**
 * Why an integrator's free-form JSON object (contact, reference, a callback payload) cannot be stored as given,
 * or null. Keys starting with "$" or holding "." or NUL have meaning to MongoDB, so they are refused rather than
 * stored; size and depth are bounded.
 */
export function freeJsonProblem(value: unknown): string | null {
  // Depth and keys first: the walk stops at the depth limit, whereas JSON.stringify would recurse as deep as the value.
  const problem = freeJsonShapeProblem(value);
  if (problem) return problem;
  if (JSON.stringify(value)?.length > MAX_FREE_JSON_BYTES) return `must be at most ${MAX_FREE_JSON_BYTES / 1024} KB of JSON.`;
  return null;
}

function freeJsonShapeProblem(value: unknown): string | null {
  const visit = (node: unknown, depth: number): string | null => {
    if (depth > MAX_FREE_JSON_DEPTH) return `must be nested at most ${MAX_FREE_JSON_DEPTH} levels deep.`;
    if (Array.isArray(node)) {
      for (const item of node) {
        const problem = visit(item, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    if (typeof node !== 'object' || node === null) return null;
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('$') || key.includes('.') || key.includes('\0')) {
        return `cannot use the key ${JSON.stringify(key.slice(0, 40))}: keys may not start with $ or contain . or NUL.`;
      }
      const problem = visit(child, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return visit(value, 1);
}

/**
 * How deep any JSON the service reads may nest (objects and arrays count one level each). Checked before anything
 * recursive (JSON.stringify, validation, the database driver) touches the value; real bodies nest a handful deep.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `JSON may not be nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** True when JSON text (string or UTF-8 bytes) opens more than `max` objects/arrays at once; a linear scan, no parse. */
export function jsonTextTooDeep(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const isString = typeof text === 'string';
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = isString ? text.charCodeAt(index) : text[index];
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * True when an already-parsed value nests more than `max` objects/arrays; iterative, so any depth is safe to ask.
 * Only JSON's own shapes (arrays and plain objects) are walked: an uploaded file among multipart variables is one
 * value, not millions of bytes to visit.
 */
export function jsonValueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (!Array.isArray(node) && !isPlainObject(node)) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The value of a JSON text, or undefined when the text is not JSON (a schema then refuses it by name). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
