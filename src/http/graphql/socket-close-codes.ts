// Why the server closes a graphql-ws socket, as a close code and a reason a client can act on. graphql-ws itself
// uses 4400, 4401, 4403, 4406, 4408, 4409, 4429, 4499 and 4500; ours stay clear of them, except 4403 (forbidden),
// which means the same thing whether the credentials were refused at connection or revoked later, and 4429 for the
// guest cap, which the contract names (graphql-ws sends it only for a repeated connection_init, never to a new socket).
export const SocketCloseCode = {
  /** The credentials were refused when the socket connected, or have been revoked since. Do not reconnect with them. */
  Forbidden: 4403,
  /** The account or capture token already has as many open sockets as it may. Close one before opening another. */
  TooManySockets: 4290,
  /** The capture links of the account's sessions already hold as many sockets and streams as they may together. */
  TooManyGuestSockets: 4429,
  /** No subscription and no operation for the idle timeout. Reconnect when there is something to do. */
  IdleTimeout: 4080,
} as const;

/** A close reason may take 123 bytes (RFC 6455 §5.5). */
const MAX_REASON_BYTES = 123;

export const closeReasons = {
  revoked: 'Forbidden: credentials revoked',
  /** A signed-in page opened at another address than the service's own (127.0.0.1 for localhost, say): where to open it. */
  foreignOrigin: (origin: string) => {
    const reason = `Forbidden: open the page at ${origin}`;
    return Buffer.byteLength(reason) <= MAX_REASON_BYTES ? reason : "Forbidden: open the page at the service's own address";
  },
  idle: (timeoutMs: number) => `Idle timeout: no subscription or operation for ${Number((timeoutMs / 1000).toFixed(1))} s`,
};
