// The JSON nesting rules, on values deeper than any recursion could survive.
import { describe, expect, it } from 'vitest';
import { freeJsonProblem, jsonTextTooDeep, jsonValueTooDeep, MAX_JSON_DEPTH } from '../../src/domain/validation.js';

const nestedText = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

describe('JSON depth', () => {
  it('reads the depth off the text, ignoring brackets inside strings', () => {
    expect(jsonTextTooDeep(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonTextTooDeep(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ text: '['.repeat(100), quoted: '\\"[[[[' }))).toBe(false);
    expect(jsonTextTooDeep(new TextEncoder().encode(nestedText(10_000)))).toBe(true);
  });

  it('walks a parsed value of any depth without recursion', () => {
    expect(jsonValueTooDeep(JSON.parse(nestedText(50_000)))).toBe(true);
    expect(jsonValueTooDeep({ a: [{ b: 1 }] })).toBe(false);
    expect(jsonValueTooDeep(Object.assign(Object.create(null), { a: JSON.parse(nestedText(50)) }))).toBe(true);
  });

  it("does not walk into values JSON cannot hold, such as an uploaded file among a multipart request's variables", () => {
    // A file's bytes are one value: walking a 12-megapixel photo byte by byte held the event loop for a third of a second.
    class UploadedFile {
      readonly parts = JSON.parse(nestedText(MAX_JSON_DEPTH + 10));
    }
    expect(jsonValueTooDeep({ sessionKey: 'k', file: new UploadedFile() })).toBe(false);
    const bytes = new Uint8Array(4);
    expect(jsonValueTooDeep({ file: bytes, more: [bytes] })).toBe(false);
  });

  it('names the depth problem of a free-form object nested 10,000 deep instead of overflowing the stack', () => {
    expect(freeJsonProblem(JSON.parse(nestedText(10_000)))).toMatch(/nested at most 8 levels deep/);
  });
});
