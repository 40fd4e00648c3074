// Where the dashboard is: every page has its own URL under /dashboard, so it can be bookmarked, shared and reached
// with the back button. Links are ordinary <a href> elements; a click on one moves through history.pushState
// instead of loading the page again.
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/dashboard';

export type Route =
  | { page: 'sessions' }
  | { page: 'session'; sessionKey: string }
  | { page: 'settings'; section: 'account' | 'people' | 'developers' }
  | { page: 'sign-in' }
  | { page: 'not-found' };

export function routeOf(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || BASE;
  if (path === BASE || path === `${BASE}/sessions`) return { page: 'sessions' };
  if (path === `${BASE}/sign-in`) return { page: 'sign-in' };
  const session = new RegExp(`^${BASE}/sessions/([A-Za-z0-9-]{1,40})$`).exec(path);
  if (session) return { page: 'session', sessionKey: session[1] as string };
  if (path === `${BASE}/settings`) return { page: 'settings', section: 'account' };
  const settings = new RegExp(`^${BASE}/settings/(account|people|developers)$`).exec(path);
  if (settings) return { page: 'settings', section: settings[1] as 'account' | 'people' | 'developers' };
  return { page: 'not-found' };
}

export const paths = {
  sessions: (query = '') => `${BASE}${query ? `?${query}` : ''}`,
  session: (sessionKey: string) => `${BASE}/sessions/${encodeURIComponent(sessionKey)}`,
  settings: (section: 'account' | 'people' | 'developers' = 'account') => `${BASE}/settings/${section}`,
  signIn: (next?: string) => `${BASE}/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`,
};

const listeners = new Set<() => void>();

export function navigate(href: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  for (const listener of listeners) listener();
}

/** The current location, re-read on every navigation and on the back and forward buttons. */
export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setUrl(new URL(location.href));
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return url;
}

/** Clicks on same-origin links inside the dashboard move within the app (new-tab clicks and downloads excepted). */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(BASE)) return;
    event.preventDefault();
    if (url.href !== location.href) navigate(url.pathname + url.search + url.hash);
  });
}
