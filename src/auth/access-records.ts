// Session access records (CONTRACT §3): a validated request's token is recorded so it can be presented again
// until API-Timestamp + 300 s.
import { randomBytes } from 'node:crypto';
import type { AccessRecordStore } from '../store/access-records.js';
import type { AuthenticatedAccount } from './authenticator.js';
import { formatApiTimestamp, TIMESTAMP_TOLERANCE_SECONDS } from './api-timestamp.js';

export interface AccessRecordView {
  session_id: string;
  expiration: string;
  api_key: string;
  api_token: string;
}

export class AccessRecordService {
  constructor(
    private readonly records: AccessRecordStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async issue({ credentials }: AuthenticatedAccount): Promise<AccessRecordView> {
    const expiration = new Date(credentials.issuedAt.getTime() + TIMESTAMP_TOLERANCE_SECONDS * 1000);
    const sessionId = randomBytes(16).toString('hex');
    await this.records.insert({
      _id: sessionId,
      api_key: credentials.apiKey,
      api_token: credentials.apiToken,
      expiration,
      created_at: this.clock(),
    });
    return {
      session_id: sessionId,
      expiration: formatApiTimestamp(expiration),
      api_key: credentials.apiKey,
      api_token: credentials.apiToken,
    };
  }
}
