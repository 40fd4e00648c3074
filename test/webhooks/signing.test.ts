// Signatures are checked with the `standardwebhooks` package, i.e. the way a receiver would verify them.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signatureHeader, webhookHeaders } from '../../src/webhooks/signing.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({ event: 'SESSION:COMPLETE', session_key: 'abc', note: 'héllo ✓' });

function headersFor(secrets: string[], overrides: { msgId?: string; timestamp?: number } = {}) {
  return webhookHeaders({
    msgId: overrides.msgId ?? 'msg_2b7c1f0e',
    timestamp: overrides.timestamp ?? nowSeconds(),
    body,
    secrets,
    userAgent: 'capture-gateway/0.1.0',
  });
}

describe('generateWebhookSecret', () => {
  it('is whsec_ followed by the base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe('signatureHeader', () => {
  it('matches the Standard Webhooks reference vector', () => {
    // The example from the Standard Webhooks specification / reference libraries.
    const header = signatureHeader({
      msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    expect(header).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('emits one v1 signature per secret, separated by single spaces', () => {
    const header = signatureHeader({ msgId: 'm', timestamp: 1, body: '{}', secrets: [generateWebhookSecret(), generateWebhookSecret()] });
    expect(header.split(' ')).toHaveLength(2);
    for (const part of header.split(' ')) expect(part).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses to sign without a secret or with a fractional timestamp', () => {
    expect(() => signatureHeader({ msgId: 'm', timestamp: 1, body: '{}', secrets: [] })).toThrow();
    expect(() => signatureHeader({ msgId: 'm', timestamp: 1.5, body: '{}', secrets: [generateWebhookSecret()] })).toThrow();
  });
});

describe('webhookHeaders', () => {
  it('carries the Standard Webhooks headers, content type and user agent', () => {
    const timestamp = nowSeconds();
    const headers = headersFor([generateWebhookSecret()], { msgId: 'msg_1', timestamp });
    expect(Object.keys(headers).sort()).toEqual(['content-type', 'user-agent', 'webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(timestamp));
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('capture-gateway/0.1.0');
  });

  it('verifies with the standardwebhooks package', () => {
    const secret = generateWebhookSecret();
    expect(new Webhook(secret).verify(body, headersFor([secret]))).toEqual(JSON.parse(body));
  });

  it('verifies with either secret during a rotation, and not with an unrelated one', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = headersFor([current, previous]);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('fails verification when the body, id or timestamp was tampered with', () => {
    const secret = generateWebhookSecret();
    const headers = headersFor([secret]);
    expect(() => new Webhook(secret).verify(body.replace('abc', 'abd'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': String(nowSeconds() - 1) })).toThrow();
  });
});
