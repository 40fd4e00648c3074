// A capture link is opened on a phone: one that points at this machine's loopback address (no PUBLIC_URL, or a
// PUBLIC_URL on localhost) cannot open there. Start-up says so in one line and suggests the LAN addresses to use.
import { networkInterfaces } from 'node:os';

type Interfaces = ReturnType<typeof networkInterfaces>;

const UNREACHABLE_HOSTS = new Set(['localhost', '0.0.0.0', '[::]', '[::1]']);

/** True when a link on `baseUrl` can only be opened on this machine. */
export function isLocalOnlyUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return UNREACHABLE_HOSTS.has(host) || host.endsWith('.localhost') || /^127\./.test(host);
}

/** This machine's non-internal IPv4 addresses: what a phone on the same network can usually reach. */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/** The hint line, or null when capture links already point somewhere a phone can reach. */
export function localOnlyLinksHint(baseUrl: string, interfaces: Interfaces = networkInterfaces()): string | null {
  if (!isLocalOnlyUrl(baseUrl)) return null;
  const url = new URL(baseUrl);
  const port = url.port ? `:${url.port}` : '';
  const addresses = lanAddresses(interfaces);
  const example = `PUBLIC_URL=${url.protocol}//${addresses[0] ?? "<this machine's LAN address>"}${port}`;
  const others = addresses.length > 1 ? ` (this machine's addresses: ${addresses.join(', ')})` : '';
  return `Capture links point at ${url.origin}, which a phone cannot open: start with ${example}${others} so that they use an address the phone reaches.`;
}
