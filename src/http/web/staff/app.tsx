// The dashboard's frame: who is signed in (or the sign-in page), the navigation between Sessions and Settings, the
// live connection's state, and the page the URL names. A signed-out visitor is sent to sign in and then back to
// the address they asked for.
import { useEffect, useState } from 'preact/hooks';
import type { LiveState } from '../assets/graphql-client.js';
import { closeLive, onLiveState, onSignedOut, request } from './api.js';
import { STAFF_CONTEXT, StaffContext, type AccountBrand, type Staff, wordsOf } from './context.js';
import { navigate, paths, routeOf, useLocation, type Route } from './router.js';
import { SignInPage } from './sign-in.js';
import { SessionsPage } from './sessions-page.js';
import { SessionPage } from './session-page.js';
import { SettingsPage } from './settings-page.js';
import { usePageHeading } from './focus.js';

type Auth = { state: 'checking' } | { state: 'signed-out'; reason: string | null } | { state: 'signed-in'; staff: Staff };

export function App() {
  const url = useLocation();
  const route = routeOf(url.pathname);
  const [auth, setAuth] = useState<Auth>({ state: 'checking' });

  const loadStaff = async () => {
    const { me, dashboardSettings, accountSettings } = await request(STAFF_CONTEXT);
    if (!me) throw new Error('Not signed in');
    const setAccount = (account: AccountBrand) =>
      setAuth((current) => (current.state === 'signed-in' ? { state: 'signed-in', staff: { ...current.staff, account } } : current));
    setAuth({ state: 'signed-in', staff: { me, settings: dashboardSettings, account: accountSettings, setAccount } });
  };

  useEffect(() => {
    void (async () => {
      const answer = await fetch('/auth/me', { cache: 'no-store' }).catch(() => null);
      if (answer?.ok) await loadStaff().catch(() => setAuth({ state: 'signed-out', reason: null }));
      else setAuth({ state: 'signed-out', reason: null });
    })();
    return onSignedOut(() => {
      closeLive();
      setAuth({ state: 'signed-out', reason: 'Your sign-in has ended. Sign in again.' });
    });
  }, []);

  // Signed out anywhere but the sign-in page: to sign-in, remembering where to come back to.
  useEffect(() => {
    if (auth.state === 'signed-out' && route.page !== 'sign-in') navigate(paths.signIn(url.pathname + url.search), { replace: true });
    if (auth.state === 'signed-in' && route.page === 'sign-in') navigate(safeNext(url.searchParams.get('next')), { replace: true });
  }, [auth.state, route.page]);

  if (auth.state === 'checking') return <p class="muted loading">Loading…</p>;
  if (auth.state === 'signed-out' || route.page === 'sign-in') {
    return (
      <Frame>
        <main id="main" class="dashboard-main">
          {auth.state === 'signed-out' ? <SignInPage reason={auth.reason} onSignedIn={loadStaff} /> : null}
        </main>
      </Frame>
    );
  }
  return (
    <StaffContext.Provider value={auth.staff}>
      <Frame staff={auth.staff} route={route}>
        <main id="main" class="dashboard-main">
          <Page route={route} />
        </main>
      </Frame>
    </StaffContext.Provider>
  );
}

/** Only a path of the dashboard itself may be the address to come back to (never another site). */
function safeNext(next: string | null): string {
  return next && /^\/dashboard(\/|\?|$)/.test(next) && !next.startsWith('//') ? next : paths.sessions();
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'sessions':
      return <SessionsPage />;
    case 'session':
      return <SessionPage key={route.sessionKey} sessionKey={route.sessionKey} />;
    case 'settings':
      return <SettingsPage section={route.section} />;
    default:
      return <NotFound />;
  }
}

function NotFound() {
  const heading = usePageHeading<HTMLHeadingElement>();
  return (
    <section class="card">
      <h1 ref={heading} tabIndex={-1}>
        Page not found
      </h1>
      <p>
        <a href={paths.sessions()}>Back to the sessions</a>
      </p>
    </section>
  );
}

function Frame({ staff, route, children }: { staff?: Staff; route?: Route; children: preact.ComponentChildren }) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to the content
      </a>
      <header class="topbar">
        {staff ? (
          <span class="brand-line">
            {/* The name beside it says whose logo it is. */}
            {staff.account.logoUrl ? <img id="account-logo" class="brand-logo" src={staff.account.logoUrl} alt="" /> : null}
            <span id="account-name" class="brand">
              {staff.account.displayName}
            </span>
          </span>
        ) : (
          <span class="brand">capture-gateway</span>
        )}
        {staff && route ? <Navigation staff={staff} route={route} /> : null}
      </header>
      {staff ? <LiveRefusal /> : null}
      {children}
      <div id="announcer" class="visually-hidden" aria-live="polite" />
    </>
  );
}

/**
 * Why live updates are off, in the server's words without its code word ("Forbidden: open the page at
 * http://localhost:8080" when the dashboard was opened at 127.0.0.1), and what the page shows meanwhile.
 */
function LiveRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => onLiveState((state, reason) => setRefusal(state === 'refused' ? (reason ?? '').replace(/^Forbidden: /, '') : null)), []);
  if (refusal === null) return null;
  return (
    <p id="live-refused" class="live-refused" role="status">
      Live updates are off{refusal ? `: ${refusal}` : ''}. This page shows what was true when it opened; reload it to see changes.
    </p>
  );
}

function Navigation({ staff, route }: { staff: Staff; route: Route }) {
  const words = wordsOf(staff);
  const [live, setLive] = useState<LiveState>('closed');
  useEffect(() => onLiveState(setLive), []);
  const current = (page: Route['page']) => (route.page === page || (page === 'sessions' && route.page === 'session') ? 'page' : undefined);
  const signOut = async () => {
    // JSON, as the server asks of every cookie write (a form another site posts cannot send it).
    await fetch('/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
    closeLive();
    // A fresh page: nothing of the account stays in memory.
    location.assign(paths.signIn());
  };
  const liveText: Record<LiveState, string> = {
    open: 'Live',
    connecting: 'Connecting…',
    retrying: 'Reconnecting…',
    // Short, so Sign out keeps its row on a phone; LiveRefusal says why under the bar.
    refused: 'Not live',
    closed: '',
  };
  return (
    <>
      <nav class="main-nav" aria-label="Dashboard">
        <a href={paths.sessions()} aria-current={current('sessions')}>
          Sessions
        </a>
        <a href={paths.settings()} aria-current={current('settings')}>
          Settings
        </a>
      </nav>
      <div class="toolbar account-bar">
        <span id="live-status" class="live-status" data-state={live} role="status">
          {liveText[live]}
        </span>
        <span id="signed-in-as" class="user-badge" title={`Signed in to account ${staff.me.account}`}>
          {staff.me.username} · {words.role(staff.me.role)}
        </span>
        <button class="button small" type="button" onClick={signOut}>
          Sign out
        </button>
      </div>
    </>
  );
}
