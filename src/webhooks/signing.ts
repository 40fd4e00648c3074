// Standard Webhooks signing (docs/webhooks.md): secrets, the `webhook-signature` header and the full signing header set.
// Receivers verify with the `standardwebhooks` package, so the byte-exact format here is the interoperability point.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export interface SignatureInput {
  /** The delivery id; stable across retries of one delivery. */
  msgId: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The exact body string that goes on the wire. */
  body: string;
  /** Every secret that currently signs (two during a rotation's overlap). */
  secrets: readonly string[];
}

export interface WebhookHeaderInput extends SignatureInput {
  userAgent: string;
}

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** `v1,<base64 HMAC-SHA256("<id>.<timestamp>.<body>")>` per secret, space-separated. */
export function signatureHeader({ msgId, timestamp, body, secrets }: SignatureInput): string {
  if (!Number.isSafeInteger(timestamp)) throw new TypeError('timestamp must be whole Unix seconds.');
  if (secrets.length === 0) throw new TypeError('At least one signing secret is required.');
  const signedContent = `${msgId}.${timestamp}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(signedContent, 'utf8').digest('base64')}`).join(' ');
}

/** The headers every attempt carries; names are lower-case so callers can merge case-insensitively. */
export function webhookHeaders(input: WebhookHeaderInput): Record<string, string> {
  return {
    'webhook-id': input.msgId,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signatureHeader(input),
    'content-type': 'application/json',
    'user-agent': input.userAgent,
  };
}

/** The HMAC key is the secret's decoded bytes, not its text (that is what `standardwebhooks` verifies against). */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new TypeError('A webhook secret must hold base64-encoded key bytes.');
  return key;
}
