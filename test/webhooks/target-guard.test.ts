import { describe, expect, it } from 'vitest';
import { BlockedTargetError, checkCallbackUrl, isBlockedTargetError, isPublicAddress } from '../../src/webhooks/target-guard.js';

describe('isPublicAddress', () => {
  const notPublic: Array<[string, string]> = [
    ['127.0.0.1', 'IPv4 loopback'],
    ['127.255.255.254', 'IPv4 loopback range'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12 upper end'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT upper end'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network" 0/8'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456::1', 'unique-local fd00::/8'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'deprecated IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible is not IPv4-mapped, whatever it embeds'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::808:808', 'NAT64 even of a public address'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['100::1', 'IPv6 discard'],
    ['fec0::1', 'deprecated site-local'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['localhost', 'a name, not an address'],
    ['0177.0.0.1', 'octal IPv4 spelling'],
    ['2130706433', 'integer IPv4 spelling'],
    ['', 'empty'],
    ['[::1]', 'bracketed (URL) form'],
  ];
  it.each(notPublic)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const isPublic: Array<[string, string]> = [
    ['8.8.8.8', 'public IPv4'],
    ['1.1.1.1', 'public IPv4'],
    ['100.63.255.255', 'just below CGNAT'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['2606:4700::1', 'public IPv6'],
    ['2a00:1450:4001:81c::200e', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ];
  it.each(isPublic)('accepts %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkCallbackUrl', () => {
  const strict = { allowPrivateTargets: false };
  const relaxed = { allowPrivateTargets: true };

  it.each(['https://example.com/hook', 'http://example.com:8080/a?b=c', 'https://8.8.8.8/hook', 'https://[2606:4700::1]/hook'])('accepts %s', (url) => {
    expect(checkCallbackUrl(url, strict)).toBeNull();
  });

  it.each([
    ['not a url', /absolute http or https URL/],
    ['/relative/path', /absolute http or https URL/],
    ['ftp://example.com/hook', /http or https scheme/],
    ['file:///etc/passwd', /http or https scheme/],
    ['javascript:alert(1)', /http or https scheme/],
    ['https://user:pw@example.com/', /credentials/],
    ['https://user@example.com/', /credentials/],
  ])('refuses %s whatever the policy', (url, message) => {
    for (const policy of [strict, relaxed]) {
      const problem = checkCallbackUrl(url, policy);
      expect(problem).toMatch(message);
      expect(problem).toMatch(/^url /);
    }
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://localhost:80/',
    'http://LOCALHOST./',
    'http://api.localhost/hook',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fc00::1]/',
    'http://2130706433/', // the URL parser turns this into 127.0.0.1
    'http://0x7f.1/',
  ])('refuses %s unless private targets are allowed', (url) => {
    expect(checkCallbackUrl(url, strict)).toMatch(/^url must not point to a loopback, private or otherwise non-public address/);
    // The refusal says how to allow it for local testing.
    expect(checkCallbackUrl(url, strict)).toContain('WEBHOOK_ALLOW_PRIVATE_TARGETS=true');
    expect(checkCallbackUrl(url, relaxed)).toBeNull();
  });
});

describe('isBlockedTargetError', () => {
  it('recognises the guard error directly and as a cause', () => {
    const blocked = new BlockedTargetError('127.0.0.1', 'localhost');
    expect(blocked.kind).toBe('blocked_target');
    expect(blocked.message).toContain('localhost (127.0.0.1)');
    expect(isBlockedTargetError(blocked)).toBe(true);
    expect(isBlockedTargetError(new Error('wrapped', { cause: blocked }))).toBe(true);
    expect(isBlockedTargetError(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBe(false);
    expect(isBlockedTargetError('ERR_BLOCKED_TARGET')).toBe(false);
  });
});
