// Sends through a Twilio-compatible REST API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
// basic auth with the account SID and token.
import got from 'got';
import type { SmsMessage, SmsOutcome, SmsProvider } from './sms-provider.js';

export interface TwilioSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';

  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage): Promise<SmsOutcome> {
    const url = `${this.settings.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.settings.accountSid)}/Messages.json`;
    try {
      const response = await got.post(url, {
        form: { To: message.to, From: message.from ?? this.settings.from, Body: message.body },
        username: this.settings.accountSid,
        password: this.settings.authToken,
        timeout: { request: this.settings.timeoutMs ?? 10_000 },
        retry: { limit: 0 },
        followRedirect: false,
        throwHttpErrors: false,
        responseType: 'text',
      });
      const body = parseJson(response.body);
      if (response.statusCode >= 200 && response.statusCode < 300) {
        return { status: 'success', providerId: typeof body?.sid === 'string' ? body.sid : null, sent: true };
      }
      const detail = typeof body?.message === 'string' ? body.message : `HTTP ${response.statusCode}`;
      return { status: 'error', message: `The SMS provider refused the message: ${detail}` };
    } catch (error) {
      return { status: 'error', message: `The SMS provider could not be reached: ${(error as Error).message}` };
    }
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
