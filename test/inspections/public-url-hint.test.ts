// The start-up hint for capture links a phone cannot open: when it appears, and what it suggests.
import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLocalOnlyUrl, lanAddresses, localOnlyLinksHint } from '../../src/inspections/public-url-hint.js';

type Interfaces = ReturnType<typeof networkInterfaces>;

function entry(address: string, family: 'IPv4' | 'IPv6', internal: boolean) {
  return { address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) };
}

const LAPTOP = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  wlan0: [entry('192.168.1.23', 'IPv4', false), entry('fe80::1', 'IPv6', false)],
  docker0: [entry('172.17.0.1', 'IPv4', false)],
} as Interfaces;

describe('the capture links hint', () => {
  it.each(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://127.0.1.1:4000', 'http://0.0.0.0:4000', 'http://[::1]:4000', 'http://app.localhost'])(
    'is given for %s',
    (url) => {
      expect(isLocalOnlyUrl(url)).toBe(true);
    },
  );

  it.each(['http://192.168.1.23:4000', 'https://capture.example.com', 'http://10.0.0.5:4000', 'not a url'])('is not given for %s', (url) => {
    expect(isLocalOnlyUrl(url)).toBe(false);
    expect(localOnlyLinksHint(url, LAPTOP)).toBeNull();
  });

  it("suggests this machine's non-internal IPv4 addresses, keeping the port", () => {
    expect(lanAddresses(LAPTOP)).toEqual(['192.168.1.23', '172.17.0.1']);
    const hint = localOnlyLinksHint('http://127.0.0.1:4000', LAPTOP);
    expect(hint).toBe(
      'Capture links point at http://127.0.0.1:4000, which a phone cannot open: start with PUBLIC_URL=http://192.168.1.23:4000 ' +
        "(this machine's addresses: 192.168.1.23, 172.17.0.1) so that they use an address the phone reaches.",
    );
    expect(hint).not.toContain('\n');
  });

  it('names a placeholder when the machine has no network address', () => {
    expect(localOnlyLinksHint('http://localhost:4000', { lo: LAPTOP.lo } as Interfaces)).toContain("PUBLIC_URL=http://<this machine's LAN address>:4000 so");
  });
});
