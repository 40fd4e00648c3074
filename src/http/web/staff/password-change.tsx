// "Change my password", for every signed-in person: the current password, then the new one twice. It goes to
// POST /auth/password; this browser stays signed in and the person's other sign-ins end.
import { useState } from 'preact/hooks';
import { errorText, sendWrite } from './api.js';
import { useStaff } from './context.js';
import { announce } from './focus.js';

export function PasswordChange() {
  const { settings } = useStaff();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const change = async (event: SubmitEvent) => {
    event.preventDefault();
    if (saving) return;
    const form = event.currentTarget as HTMLFormElement;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    setDone(false);
    // The one check made here: both copies of the new password match. Every other rule is the server's.
    if (field('new_password').value !== field('repeat_password').value) {
      setError('The two new passwords differ.');
      field('repeat_password').focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await sendWrite('POST', '/auth/password', { current_password: field('current_password').value, new_password: field('new_password').value });
      form.reset();
      setDone(true);
      announce('Your password was changed. Your other devices are signed out.');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section id="password" class="card" aria-labelledby="password-title">
      <h2 id="password-title">Change my password</h2>
      <p class="muted">You stay signed in here; every other device you signed in on is signed out.</p>
      <form id="password-form" class="form-grid" onSubmit={change}>
        <div class="field">
          <label for="current-password">Current password</label>
          <input id="current-password" name="current_password" type="password" autocomplete="current-password" required />
        </div>
        <div class="field">
          <label for="new-password">
            New password <span class="optional">(at least {settings.limits.passwordMin} characters)</span>
          </label>
          <input id="new-password" name="new_password" type="password" autocomplete="new-password" minLength={settings.limits.passwordMin} required />
        </div>
        <div class="field">
          <label for="repeat-password">New password again</label>
          <input id="repeat-password" name="repeat_password" type="password" autocomplete="new-password" minLength={settings.limits.passwordMin} required />
        </div>
        <div class="wide-field form-actions">
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page. */}
          <button class="button primary" type="submit" aria-disabled={saving ? 'true' : undefined}>
            Change password
          </button>
          {error ? (
            <p id="password-error" class="error" role="alert">
              {error}
            </p>
          ) : null}
          {done ? (
            <p id="password-done" class="done-note">
              Your password was changed.
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
