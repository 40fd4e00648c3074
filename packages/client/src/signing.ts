// The API headers of one request (docs/rest-guide.md, "Signing requests"): API-Token is the lowercase hex
// HMAC-SHA256 of `<username>:<api_key>@<API-Timestamp>` keyed with the API secret. A token is good for five minutes,
// so every attempt of a request is signed afresh.
import { createHmac } from 'node:crypto';

export interface ApiCredentials {
  username: string;
  apiKey: string;
  apiSecret: string;
}

/** `YYYY-MM-DDTHH:MM:SSZ`: whole seconds, UTC, as the service reads it. */
export function apiTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function apiHeaders(credentials: ApiCredentials, at: Date = new Date()): Record<'API-Key' | 'API-Token' | 'API-Timestamp', string> {
  const timestamp = apiTimestamp(at);
  const token = createHmac('sha256', credentials.apiSecret).update(`${credentials.username}:${credentials.apiKey}@${timestamp}`).digest('hex');
  return { 'API-Key': credentials.apiKey, 'API-Token': token, 'API-Timestamp': timestamp };
}
