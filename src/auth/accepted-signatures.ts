// Signatures this instance has already checked. Clients reuse a signed token for the whole of its timestamp's window
// (SPEC: the same three headers on many requests), so remembering which secret signed it spares an HMAC and a secret
// fingerprint per request. Only signatures are remembered — never access records, which can end at any time — and a
// remembered signature counts only while its timestamp is fresh and its secret is still one of the account's.

export interface AcceptedSignature {
  issuedAt: Date;
  secret: string;
  secretFingerprint: string;
}

export class AcceptedSignatures {
  private readonly entries = new Map<string, AcceptedSignature>();

  constructor(private readonly capacity = 10_000) {}

  get(apiKey: string, apiTimestamp: string, apiToken: string): AcceptedSignature | undefined {
    return this.entries.get(keyOf(apiKey, apiTimestamp, apiToken));
  }

  remember(apiKey: string, apiTimestamp: string, apiToken: string, signature: AcceptedSignature): void {
    // Insertion order is age order: past capacity the oldest goes, so a flood of fresh tokens cannot grow the map.
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(keyOf(apiKey, apiTimestamp, apiToken), signature);
  }

  forget(apiKey: string, apiTimestamp: string, apiToken: string): void {
    this.entries.delete(keyOf(apiKey, apiTimestamp, apiToken));
  }
}

const keyOf = (apiKey: string, apiTimestamp: string, apiToken: string) => `${apiKey}\n${apiTimestamp}\n${apiToken}`;
