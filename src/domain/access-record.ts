// A session access record (docs/rest-guide.md) as the code works with it (src/store/access-records.ts maps the stored
// shape): a signed request's token, which may be presented again until `expiration`.

export interface AccessRecord {
  /** What GET /v1/sessions answers as session_id. */
  id: string;
  apiKey: string;
  apiToken: string;
  expiration: Date;
  /** Names the secret that signed the minting request; the record ends when that secret stops being valid. */
  secretFingerprint: string;
  createdAt: Date;
}
