// The capture page receives the rules it shares with the server from the server: the configuration block of
// capture.html is filled at start-up.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPTURE_PAGE_CONFIG, withCapturePageConfig } from '../../src/http/web/capture-page-config.js';
import { isSessionKey } from '../../src/domain/identifiers.js';
import { MAX_PHOTO_BYTES } from '../../src/inspections/photo-limits.js';

const page = readFileSync(new URL('../../src/http/web/assets/capture.html', import.meta.url), 'utf8');
const block = (html: string) => /<script type="application\/json" id="capture-config">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('the capture page configuration', () => {
  it('holds the server’s own session key pattern, languages, photo limit and note lengths', () => {
    const config = JSON.parse(block(withCapturePageConfig(page)) as string);
    expect(config).toEqual({
      sessionKeyPattern: expect.any(String),
      languages: ['en', 'es', 'fr', 'de', 'pt'],
      maxPhotoBytes: MAX_PHOTO_BYTES,
      noteTitleMax: 200,
      noteDescriptionMax: 5000,
    });
    const pattern = new RegExp(config.sessionKeyPattern);
    for (const key of ['ABC-0123456789', 'abc-0123456789', 'ABC-012345678', 'AB1-0123456789']) expect(pattern.test(key)).toBe(isSessionKey(key));
  });

  it('keeps a value from closing the block', () => {
    const filled = withCapturePageConfig(page, { ...CAPTURE_PAGE_CONFIG, languages: ['</script><script>alert(1)</script>'] });
    expect(JSON.parse(block(filled) as string).languages).toEqual(['</script><script>alert(1)</script>']);
    expect(filled.match(/<\/script>/g)?.length).toBe(page.match(/<\/script>/g)?.length);
  });

  it('refuses a page without the block', () => {
    expect(() => withCapturePageConfig('<html></html>')).toThrow(/capture-config/);
  });
});
