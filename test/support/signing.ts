// Signs requests the way an integrator does, independently of the service's own code: the token is the hex
// HMAC-SHA256 of "<username>:<api_key>@<timestamp>" keyed with the secret.
import { createHmac } from 'node:crypto';

export interface TestAccount {
  username: string;
  apiKey: string;
  apiSecret: string;
}

export function apiTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function apiToken(account: TestAccount, timestamp: string): string {
  return createHmac('sha256', account.apiSecret).update(`${account.username}:${account.apiKey}@${timestamp}`).digest('hex');
}

export function signRequestHeaders(account: TestAccount, date = new Date()): Record<string, string> {
  const timestamp = apiTimestamp(date);
  return { 'API-Key': account.apiKey, 'API-Token': apiToken(account, timestamp), 'API-Timestamp': timestamp };
}
