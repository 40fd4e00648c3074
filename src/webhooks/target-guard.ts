// SSRF protection for webhook targets (docs/webhooks.md): which addresses are public, URL checks at registration time,
// and HTTP(S) agents that refuse a non-public address at connect time, after DNS resolution.
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type http from 'node:http';
import type https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: when true, any address may be called (development, tests, private networks). */
  allowPrivateTargets: boolean;
}

export interface TargetAgents {
  http: http.Agent;
  https: https.Agent;
}

export interface TargetAgentOptions extends TargetPolicy {
  /** Concurrent connections per origin; further requests queue in the agent. Default 256. */
  maxSocketsPerOrigin?: number;
}

const BLOCKED_TARGET_CODE = 'ERR_BLOCKED_TARGET';
// IPv6 global unicast. ipaddr.js calls everything it has no name for "unicast", including unassigned space.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Raised (through the agent) when a connection would reach a non-public address. */
export class BlockedTargetError extends Error {
  readonly code = BLOCKED_TARGET_CODE;
  readonly kind = 'blocked_target';

  constructor(
    readonly address: string,
    readonly hostname: string | null = null,
  ) {
    const target = hostname && hostname !== address ? `${hostname} (${address})` : address;
    super(`Refused to connect to ${target}: not a public address (WEBHOOK_ALLOW_PRIVATE_TARGETS is off).`);
    this.name = 'BlockedTargetError';
  }
}

/** True for our guard's error and for request-filtering-agent's own refusals, anywhere in the cause chain. */
export function isBlockedTargetError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as { code?: unknown }).code === BLOCKED_TARGET_CODE) return true;
    // request-filtering-agent raises plain Errors; its message is the only mark they carry.
    if (/^DNS lookup .* is not allowed\. Because/.test(current.message)) return true;
  }
  return false;
}

/**
 * Only globally routable unicast is public: IPv4 "unicast" per ipaddr.js (which already names loopback, private,
 * CGNAT, link-local, documentation, benchmarking, reserved, multicast, broadcast and 0/8), and IPv6 "unicast"
 * inside 2000::/3. IPv4-mapped IPv6 is judged by its embedded IPv4; NAT64, 6to4 and Teredo are refused outright
 * because they can tunnel to any IPv4 address. Anything that is not a canonical IP literal is not public.
 */
export function isPublicAddress(ip: string): boolean {
  // net.isIP rejects the exotic IPv4 spellings ("0177.1", "2130706433") that ipaddr.js would still accept.
  if (net.isIP(ip) === 0) return false;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(net.isIPv6(ip) ? canonicalIPv6(ip) : ip);
  } catch {
    return false;
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  return address.range() === 'unicast' && (address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/**
 * The WHATWG URL parser's canonical text. ipaddr.js reads "::a.b.c.d" (IPv4-compatible, a different address) as
 * IPv4-mapped; canonicalising first turns it into "::xxxx:xxxx" so it is judged as the IPv6 address it is.
 * The zone id is dropped: it does not change which range an address is in.
 */
function canonicalIPv6(ip: string): string {
  return new URL(`http://[${ip.split('%', 1)[0]}]/`).hostname.slice(1, -1);
}

/**
 * Registration-time check of a callback URL; returns a message naming the field `url`, or null when acceptable.
 * Host names other than localhost cannot be judged here (DNS can change); the agents re-check at connect time.
 */
export function checkCallbackUrl(url: string, { allowPrivateTargets }: TargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute http or https URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'url must use the http or https scheme.';
  if (parsed.username !== '' || parsed.password !== '') {
    // Credentials in a URL leak into logs and delivery listings; callback headers are the place for them.
    return 'url must not contain credentials; use callback headers for authentication.';
  }
  if (allowPrivateTargets) return null;

  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const isLiteralIp = net.isIP(host) !== 0;
  const hostName = host.replace(/\.$/, '').toLowerCase();
  if ((isLiteralIp && !isPublicAddress(host)) || hostName === 'localhost' || hostName.endsWith('.localhost')) {
    // Says how to allow it: a receiver on this machine or the LAN is what everyone tries first.
    return 'url must not point to a loopback, private or otherwise non-public address; to allow such targets for local testing, start the service with WEBHOOK_ALLOW_PRIVATE_TARGETS=true.';
  }
  return null;
}

/**
 * Keep-alive agents for got ({ http, https }) that refuse non-public addresses unless private targets are allowed.
 * Our checks run first (literal host before connecting, every resolved address in `lookup`) and raise
 * BlockedTargetError; request-filtering-agent underneath stays as a second layer.
 */
export function createTargetAgents({ allowPrivateTargets, maxSocketsPerOrigin = 256 }: TargetAgentOptions): TargetAgents {
  const options = {
    keepAlive: true,
    maxSockets: maxSocketsPerOrigin,
    // Reuse the most recently used socket so surplus ones go idle and get closed.
    scheduling: 'lifo' as const,
    allowPrivateIPAddress: allowPrivateTargets,
    allowMetaIPAddress: allowPrivateTargets,
    ...(allowPrivateTargets ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
  };
  return {
    http: new GuardedHttpAgent(allowPrivateTargets, options),
    https: new GuardedHttpsAgent(allowPrivateTargets, options),
  };
}

type ConnectionListener = (error: Error | null, socket: Duplex) => void;

class GuardedHttpAgent extends RequestFilteringHttpAgent {
  constructor(
    private readonly allowPrivateTargets: boolean,
    options: ConstructorParameters<typeof RequestFilteringHttpAgent>[0],
  ) {
    super(options);
  }

  override createConnection(options: net.TcpNetConnectOpts, listener?: ConnectionListener) {
    const refusal = refuseLiteralHost(options.host, this.allowPrivateTargets);
    return refusal ? failedSocket(refusal, listener) : super.createConnection(options, listener);
  }
}

class GuardedHttpsAgent extends RequestFilteringHttpsAgent {
  constructor(
    private readonly allowPrivateTargets: boolean,
    options: ConstructorParameters<typeof RequestFilteringHttpsAgent>[0],
  ) {
    super(options);
  }

  override createConnection(options: net.TcpNetConnectOpts, listener?: ConnectionListener) {
    const refusal = refuseLiteralHost(options.host, this.allowPrivateTargets);
    return refusal ? failedSocket(refusal, listener) : super.createConnection(options, listener);
  }
}

/** Node connects to an IP literal without calling `lookup`, so literals are judged before connecting. */
function refuseLiteralHost(host: string | undefined, allowPrivateTargets: boolean): BlockedTargetError | null {
  if (allowPrivateTargets || host === undefined) return null;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare) === 0 || isPublicAddress(bare)) return null;
  return new BlockedTargetError(bare);
}

/** Same contract as http.Agent's createConnection failure path: hand the error to the listener, or fail the socket. */
function failedSocket(error: Error, listener?: ConnectionListener): net.Socket {
  const socket = new net.Socket();
  if (listener) listener(error, socket);
  else socket.destroy(error);
  return socket;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address?: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup that resolves every address and refuses the host if any of them is non-public, so a name that mixes
 * public and private records cannot be used to reach the private one. Honours `all` (Node's happy-eyeballs path).
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) return callback(new BlockedTargetError(refused.address, hostname));
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    callback(null, first.address, first.family);
  });
}
