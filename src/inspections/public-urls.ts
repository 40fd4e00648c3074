// Absolute URLs the service hands out (capture links, photo URLs), from PUBLIC_URL or, when unset, from the
// address the server listens on.
export class PublicUrls {
  private baseUrl: string;
  private readonly configured: boolean;

  constructor(configured: string | null, fallback = 'http://localhost:4000') {
    this.baseUrl = (configured ?? fallback).replace(/\/+$/, '');
    this.configured = configured !== null;
  }

  /** Called once the server listens, when no PUBLIC_URL was configured. */
  useListeningAddress(url: string): void {
    if (!this.configured) this.baseUrl = url.replace(/\/+$/, '');
  }

  get base(): string {
    return this.baseUrl;
  }

  captureUrl(sessionKey: string, captureToken: string): string {
    return `${this.baseUrl}/capture/${sessionKey}#${captureToken}`;
  }

  photoUrl(urlToken: string): string {
    return `${this.baseUrl}/photos/${urlToken}`;
  }
}
