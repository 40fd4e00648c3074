// GraphiQL (outside production) served whole by this service. Yoga's default page loads GraphiQL's script, styles and
// Monaco workers from unpkg.com, so without a CDN it never loads. @graphql-yoga/render-graphiql inlines all of it —
// script and styles in the page, fonts and favicon as data: URLs, Monaco's workers started from blob: URLs — in a
// page of about 9 MB; this module renders it, compresses it and gives it a Content-Security-Policy of its own.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import type { SignInService } from '../../users/sign-ins.js';
import { readSignInCookie } from '../sign-in-cookie.js';
import { graphiqlExampleOptions, signedInGraphiqlExampleOptions } from './graphiql-examples.js';
import { acceptsEncoding } from '../content-encoding.js';

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

// The pages in use at once: one for browsers that are signed in and one for those that are not (graphiql-examples.ts).
const CACHED_PAGES = 4;

export function createSelfContainedGraphiQL(): SelfContainedGraphiQL {
  // Keyed by the options, which take a few values only; each page is ~9 MB to render and compress.
  const rendered = new BoundedCache<Promise<string>>(CACHED_PAGES);
  const prepared = new BoundedCache<Promise<PreparedPage>>(CACHED_PAGES);

  const render = (options: GraphiQLOptions): Promise<string> =>
    // Imported on first use: production never serves GraphiQL, so it never loads the package's 9 MB of strings.
    rendered.get(JSON.stringify(options), () =>
      import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => withStoredTabsReset(renderGraphiQL(options), options)),
    );

  const preparedPage = (html: string): Promise<PreparedPage> => prepared.get(html, () => preparePage(html));

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
        // The page differs for a signed-in browser.
        vary: 'Accept-Encoding, Cookie',
      };
      if (request.headers.get('if-none-match') === page.etag) {
        setResponse(new fetchAPI.Response(null, { status: 304, headers }));
        return;
      }
      const useGzip = acceptsEncoding(request.headers.get('accept-encoding') ?? '', 'gzip');
      if (useGzip) headers['content-encoding'] = 'gzip';
      setResponse(new fetchAPI.Response(useGzip ? page.gzipped : page.html, { status: 200, headers }));
    },
  };

  return { render, plugin };
}

/** A few entries, the oldest dropped first. */
class BoundedCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly size: number) {}

  get(key: string, make: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const made = make();
    this.entries.set(key, made);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
    return made;
  }
}

/** GraphiQL's own localStorage keys for the open tabs and the editors' contents. */
const STORED_TAB_KEYS = ['graphiql:tabState', 'graphiql:query', 'graphiql:variables', 'graphiql:headers'];
const STORED_TABS_VERSION_KEY = 'capture-gateway:graphiql-tabs';

/**
 * GraphiQL opens the tabs it stored on the last visit and ignores the default tabs while any are stored. When the
 * default tabs change — the browser signed in or out (placeholder API headers, or none so that the cookie is the
 * credential), or a new version brought new examples — a small script run before GraphiQL forgets the stored tabs,
 * so that the page opens with the examples meant for it. Query history is kept.
 */
function withStoredTabsReset(html: string, options: GraphiQLOptions): string {
  const version = sha256(JSON.stringify(options.defaultTabs ?? null), 'base64url').slice(0, 16);
  const script =
    `try{var k=${JSON.stringify(STORED_TABS_VERSION_KEY)},v=${JSON.stringify(version)};` +
    `if(localStorage.getItem(k)!==v){${JSON.stringify(STORED_TAB_KEYS)}.forEach(function(n){localStorage.removeItem(n)});localStorage.setItem(k,v)}}catch(e){}`;
  return html.replace('<head>', `<head>\n      <script>${script}</script>`);
}

/**
 * Yoga's `graphiql` option: the page for a browser whose cg_session cookie names a live sign-in runs its examples
 * with that cookie (no API headers); any other browser gets the examples with placeholder API headers.
 */
export function graphiqlOptionsBySignIn(signIns: Pick<SignInService, 'find'>, common: GraphiQLOptions): (request: Request) => Promise<GraphiQLOptions> {
  return async (request) => {
    const token = readSignInCookie(request.headers.get('cookie'));
    const signedIn = token !== undefined && (await signIns.find(token)) !== null;
    return { ...common, ...(signedIn ? signedInGraphiqlExampleOptions : graphiqlExampleOptions) };
  };
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
