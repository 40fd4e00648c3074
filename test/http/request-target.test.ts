// A request's path: plain paths are used as they are, everything else as the URL parser normalises it, so the two
// ways can never route one request differently.
import { describe, expect, it } from 'vitest';
import { requestTarget } from '../../src/http/request-target.js';

const parserPath = (raw: string) => new URL(raw, 'http://localhost').pathname;

describe('requestTarget', () => {
  it.each([
    '/v1/callbacks/SESSION:COMPLETE',
    '/v1/sessions/abc_DEF-123?limit=5&after=x',
    '/web/vendor/preact-htm.js',
    '/reports/AbC-_x.pdf',
    '/',
    '/v1/../admin/accounts',
    '/v1/./sessions',
    '//v1/sessions',
    '/v1/sessions/%41%42',
    '/v1/sess ions',
    '/v1/sessions/é',
    '/v1/a\\..\\admin',
    '/v1/sessions/..',
  ])('names the path the URL parser would for %s', (raw) => {
    expect(requestTarget(raw)?.pathname).toBe(parserPath(raw));
  });

  it('gives the query through the URL, made when asked for', () => {
    const target = requestTarget('/v1/deliveries?limit=5&status=failed');
    expect(target?.url.searchParams.get('limit')).toBe('5');
    expect(target?.url.pathname).toBe('/v1/deliveries');
  });

  it('is null for a target the URL parser refuses', () => {
    expect(requestTarget('http://[bad')).toBeNull();
  });
});
