// GraphiQL (outside production) served whole by this service. Yoga's default page loads GraphiQL's script, styles and
// Monaco workers from unpkg.com, so without a CDN it never loads. @graphql-yoga/render-graphiql inlines all of it —
// script and styles in the page, fonts and favicon as data: URLs, Monaco's workers started from blob: URLs — in a
// page of about 9 MB; this module renders it, compresses it and gives it a Content-Security-Policy of its own.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';

const gzipAsync = promisify(gzip);

interface PreparedPage {
  html: string;
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
  contentSecurityPolicy: string;
}

export interface SelfContainedGraphiQL {
  /** Yoga's `renderGraphiQL`. */
  render(options: GraphiQLOptions): Promise<string>;
  /** Gives the page its headers (CSP included), serves it gzipped and answers revalidations with 304. */
  plugin: Plugin;
}

export function createSelfContainedGraphiQL(): SelfContainedGraphiQL {
  // One entry each: the options are the same on every request, and the page is ~9 MB to render and compress.
  let rendered: { optionsKey: string; html: Promise<string> } | null = null;
  let prepared: { html: string; page: Promise<PreparedPage> } | null = null;

  const render = (options: GraphiQLOptions): Promise<string> => {
    const optionsKey = JSON.stringify(options);
    if (rendered?.optionsKey !== optionsKey) {
      // Imported on first use: production never serves GraphiQL, so it never loads the package's 9 MB of strings.
      const html = import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => renderGraphiQL(options));
      rendered = { optionsKey, html };
    }
    return rendered.html;
  };

  const preparedPage = (html: string): Promise<PreparedPage> => {
    if (prepared?.html !== html) prepared = { html, page: preparePage(html) };
    return prepared.page;
  };

  const plugin: Plugin = {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      // The GraphiQL page is Yoga's only HTML response (the landing page is off).
      if (request.method !== 'GET' || !response.headers.get('content-type')?.startsWith('text/html')) return;
      const page = await preparedPage(await response.text());
      // A new response rather than new headers on Yoga's: its content-length is that of the uncompressed page.
      const headers: Record<string, string> = {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': page.contentSecurityPolicy,
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        etag: page.etag,
        vary: 'Accept-Encoding',
      };
      if (request.headers.get('if-none-match') === page.etag) {
        setResponse(new fetchAPI.Response(null, { status: 304, headers }));
        return;
      }
      const useGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
      if (useGzip) headers['content-encoding'] = 'gzip';
      setResponse(new fetchAPI.Response(useGzip ? page.gzipped : page.html, { status: 200, headers }));
    },
  };

  return { render, plugin };
}

async function preparePage(html: string): Promise<PreparedPage> {
  return {
    html,
    gzipped: new Uint8Array(await gzipAsync(html)),
    etag: `"${sha256(html, 'base64url').slice(0, 22)}"`,
    contentSecurityPolicy: graphiqlContentSecurityPolicy(inlineScriptHashes(html)),
  };
}

/**
 * Everything from this origin or inlined in the page: the inline script by its hash, inline styles (Monaco sets
 * style attributes and adds style elements as it runs), data: fonts and images, the Monaco workers from blob: URLs,
 * and queries and SSE subscriptions to this origin only.
 */
export function graphiqlContentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'sha256-${hash}'`).join(' ')}`,
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The base64 SHA-256 of each inline <script> element's text, as CSP hash sources. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256(match[1] ?? '', 'base64'));
}

function sha256(text: string, encoding: 'base64' | 'base64url'): string {
  return createHash('sha256').update(text, 'utf8').digest(encoding);
}
