// The path a request asks for. Most requests name a plain path, which routing can use as it is; building a URL for
// each of them cost more than routing itself. Anything else (percent-escapes, dot segments, doubled slashes) goes
// through the URL parser, so routing always sees the path as the parser normalises it.

export interface RequestTarget {
  pathname: string;
  /** The whole target as a URL (query included), made when first asked for. */
  readonly url: URL;
}

/** Letters, digits and the path characters the URL parser leaves as they are; no "%", no "\". */
const PLAIN_PATH = /^\/[\w\-.~:@!$&'()*+,;=/]*$/;
const NEEDS_NORMALISING = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * A plain path, with the URL parsed on first use. A class rather than an object literal with a getter: V8 builds
 * such a literal on a slow path, once per request.
 */
class PlainTarget implements RequestTarget {
  private parsed: URL | undefined;

  constructor(
    readonly pathname: string,
    private readonly rawUrl: string,
  ) {}

  get url(): URL {
    this.parsed ??= new URL(this.rawUrl, 'http://localhost');
    return this.parsed;
  }
}

/** The target of `rawUrl` (the request line's), or null when the URL parser cannot read it. */
export function requestTarget(rawUrl: string): RequestTarget | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (PLAIN_PATH.test(path) && !NEEDS_NORMALISING.test(path)) return new PlainTarget(path, rawUrl);
  try {
    const url = new URL(rawUrl, 'http://localhost');
    return { pathname: url.pathname, url };
  } catch {
    return null;
  }
}
