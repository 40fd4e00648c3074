// Session access records (docs/rest-guide.md, docs/limits.md): a signed request's token is recorded so it can be presented again
// until API-Timestamp + 300 s, and no longer than the secret that signed it stays valid.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { AccessRecordStore } from '../store/access-records.js';
import type { AuthenticatedAccount } from './authenticator.js';
import { formatApiTimestamp, TIMESTAMP_TOLERANCE_SECONDS } from './api-timestamp.js';

/** The access record as GET /v1/sessions answers it. */
export const AccessRecordSchema = z
  .object({
    session_id: z.string().meta({ description: 'Identifier of the access record.' }),
    expiration: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
      .meta({ description: `API-Timestamp + ${TIMESTAMP_TOLERANCE_SECONDS} s, YYYY-MM-DDTHH:MM:SSZ.` }),
    api_key: z.string().meta({ description: 'The API-Key header, echoed.' }),
    api_token: z.string().meta({ description: 'The API-Token header, echoed; it may be presented again until `expiration`.' }),
  })
  .meta({ id: 'AccessRecord' });
export type AccessRecordView = z.output<typeof AccessRecordSchema>;

export const ACCESS_RECORD_RENEWAL_MESSAGE =
  'An access-record token cannot create a new access record. Sign this request with your API secret (API-Token = HMAC of username:api_key@API-Timestamp).';

export class AccessRecordService {
  constructor(
    private readonly records: AccessRecordStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async issue({ credentials, via }: AuthenticatedAccount): Promise<AccessRecordView> {
    // Otherwise a record's token could mint its successor before expiring, and one leaked token would live forever.
    if (via.kind !== 'signature') throw new AppError('FORBIDDEN', ACCESS_RECORD_RENEWAL_MESSAGE);
    const expiration = new Date(credentials.issuedAt.getTime() + TIMESTAMP_TOLERANCE_SECONDS * 1000);
    const sessionId = randomBytes(16).toString('hex');
    await this.records.insert({
      id: sessionId,
      apiKey: credentials.apiKey,
      apiToken: credentials.apiToken,
      expiration,
      secretFingerprint: via.secretFingerprint,
      createdAt: this.clock(),
    });
    return {
      session_id: sessionId,
      expiration: formatApiTimestamp(expiration),
      api_key: credentials.apiKey,
      api_token: credentials.apiToken,
    };
  }
}
