// Absolute URLs the service hands out (capture links, photo and logo URLs), from PUBLIC_URL or, when unset, from the
// address the server listens on.
import { LOGO_PATH_PREFIX, logoFileName, type LogoType } from '../domain/account-logo.js';
/** Where shareable report links live: `/reports/<token>` and `/reports/<token>.pdf`. */
export const REPORT_LINK_PREFIX = '/reports';

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

  /** The account's logo (docs/staff.md), public and cacheable: its random token changes with every upload. Null without one. */
  logoUrl(logo: { token: string; mimeType: LogoType } | null | undefined): string | null {
    return logo ? `${this.baseUrl}${LOGO_PATH_PREFIX}/${logoFileName(logo.token, logo.mimeType)}` : null;
  }

  /** A condition report anyone with the link can open (docs/staff.md): the HTML page, or with `.pdf` the PDF. */
  reportUrl(linkToken: string, format: 'html' | 'pdf'): string {
    return `${this.baseUrl}${REPORT_LINK_PREFIX}/${linkToken}${format === 'pdf' ? '.pdf' : ''}`;
  }
}
