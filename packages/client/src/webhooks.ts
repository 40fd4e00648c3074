// Webhook deliveries are signed as Standard Webhooks (docs/webhooks.md): check them with the official library
// before trusting a body. The callback's `secret` (whsec_…) is the key; during a rotation, try each secret.
import { Webhook } from 'standardwebhooks';

export interface WebhookDelivery {
  /** The request body exactly as received: a parsed and re-serialised body would not verify. */
  body: string | Buffer;
  /** The request headers (webhook-id, webhook-timestamp, webhook-signature), any casing. */
  headers: Record<string, string | string[] | undefined> | Headers;
}

/**
 * The delivery's payload when one of the secrets signed it within five minutes; throws otherwise. Deduplicate by
 * `webhook-id`: a delivery may come more than once (at-least-once), always with the same id.
 */
export function verifyWebhook(delivery: WebhookDelivery, ...secrets: string[]): unknown {
  if (secrets.length === 0) throw new TypeError('verifyWebhook needs the callback secret.');
  const headers = plainHeaders(delivery.headers);
  const body = typeof delivery.body === 'string' ? delivery.body : delivery.body.toString('utf8');
  let failure: unknown;
  for (const secret of secrets) {
    try {
      return new Webhook(secret).verify(body, headers);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function plainHeaders(headers: WebhookDelivery['headers']): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const plain: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return plain;
}
