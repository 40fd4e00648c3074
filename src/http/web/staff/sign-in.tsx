// Sign-in with a username and password (POST /auth/login sets the HttpOnly cg_session cookie). The account's API
// secret is a machine credential and is never asked for here.
import { useState } from 'preact/hooks';
import { usePageHeading } from './focus.js';

export function SignInPage({ reason, onSignedIn }: { reason: string | null; onSignedIn: () => Promise<void> }) {
  const heading = usePageHeading<HTMLHeadingElement>();
  const [error, setError] = useState<string | null>(reason);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const username = (form.elements.namedItem('username') as HTMLInputElement).value.trim();
    const password = form.elements.namedItem('password') as HTMLInputElement;
    if (!username || !password.value) return setError('Enter your username and password.');
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: password.value }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        setError(response.status === 429 ? body.message : `Not signed in: ${body.message ?? `the server answered ${response.status}.`}`);
        return;
      }
      password.value = '';
      await onSignedIn();
    } catch {
      setError('The server could not be reached. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="sign-in" class="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" ref={heading} tabIndex={-1}>
        Sign in
      </h1>
      <p class="muted">
        Sign in with the username and password your account’s owner gave you. The account’s API secret is for integrations, never for this page.
      </p>
      <form id="sign-in-form" class="stack" onSubmit={submit} noValidate>
        <label for="username">Username</label>
        <input id="username" name="username" type="text" autocomplete="username" autocapitalize="off" spellcheck={false} required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button class="button primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {error ? (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
