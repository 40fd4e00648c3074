// A small method + path router: patterns like /v1/callbacks/:event, 404 for unknown paths, 405 (with Allow)
// for a known path asked with another method.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  request: IncomingMessage;
  response: ServerResponse;
  params: Record<string, string>;
  url: URL;
}

export type RouteHandler = (context: RouteContext) => Promise<void> | void;

interface Route {
  method: HttpMethod;
  pattern: string;
  segments: string[];
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string>; pattern: string }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export class Router {
  private readonly routes: Route[] = [];

  on(method: HttpMethod, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, pattern, segments: splitPath(pattern), handler });
    return this;
  }

  /** Every registered (method, pattern) pair; the OpenAPI test checks each is documented. */
  list(): { method: HttpMethod; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }));
  }

  match(method: string, pathname: string): RouteMatch {
    const segments = splitPath(pathname);
    const allow = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { kind: 'found', handler: route.handler, params, pattern: route.pattern };
      }
      allow.add(route.method);
    }
    return allow.size > 0 ? { kind: 'method-not-allowed', allow: [...allow] } : { kind: 'not-found' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] as string;
    const segment = actual[index] as string;
    if (expected.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return null;
      }
      params[expected.slice(1)] = decoded;
    } else if (expected !== segment) {
      return null;
    }
  }
  return params;
}
