// Settings → Account: the account's settings and its logo. An owner edits and saves every setting and uploads or removes
// the logo; other roles read them. The rules (lengths, lists, the logo's size) are the server's (dashboardSettings), and
// a refused value comes back in the server's words.
import { useEffect, useState } from 'preact/hooks';
import { errorText, request, sendWrite } from './api.js';
import { useStaff, useWords } from './context.js';
import { announce } from './focus.js';
import { graphql } from './graphql/gql.js';
import type { AccountSettingsFieldsFragment, AccountSettingsInput } from './graphql/graphql.js';

graphql(`
  fragment AccountSettingsFields on AccountSettings {
    username displayName brandColor defaultLanguage defaultTheme expirationHours reviewMode redirectUrl notificationEmails hasLogo logoUrl
  }
`);
const ACCOUNT_SETTINGS = graphql(`
  query AccountSettings { accountSettings { ...AccountSettingsFields } }
`);
const UPDATE_ACCOUNT_SETTINGS = graphql(`
  mutation UpdateAccountSettings($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ...AccountSettingsFields } }
`);

type Settings = AccountSettingsFieldsFragment;

/** The account's settings and logo, loaded once for both cards. */
export function AccountSettingsSection() {
  const { setAccount } = useStaff();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      adopt((await request(ACCOUNT_SETTINGS)).accountSettings);
    } catch (failure) {
      setError(`The settings could not be loaded: ${errorText(failure)}`);
    }
  };
  const adopt = (next: Settings) => {
    setSettings(next);
    setAccount({ displayName: next.displayName, logoUrl: next.logoUrl ?? null });
  };
  useEffect(() => {
    void load();
  }, []);
  if (error) {
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  }
  if (!settings) return <p class="muted">Loading…</p>;
  return (
    <>
      <SettingsCard settings={settings} onSaved={adopt} />
      <LogoCard settings={settings} onChanged={load} />
    </>
  );
}

function SettingsCard({ settings, onSaved }: { settings: Settings; onSaved: (settings: Settings) => void }) {
  const words = useWords();
  const canEdit = words.can('Mutation.updateAccountSettings');
  return (
    <section id="account-settings" class="card" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title">Account settings</h2>
      {canEdit ? (
        <SettingsForm settings={settings} onSaved={onSaved} />
      ) : (
        <>
          <SettingsFacts settings={settings} />
          <p class="muted small">Only the account’s owners change these.</p>
        </>
      )}
    </section>
  );
}

function SettingsFacts({ settings }: { settings: Settings }) {
  const { settings: server } = useStaff();
  const words = useWords();
  const mode = server.reviewModes.find((candidate) => candidate.code === settings.reviewMode);
  return (
    <dl class="facts" id="account-facts">
      <dt>Display name</dt>
      <dd>{settings.displayName}</dd>
      <dt>Brand colour</dt>
      <dd class="mono">{settings.brandColor ?? 'Default'}</dd>
      <dt>Language</dt>
      <dd>{words.language(settings.defaultLanguage)}</dd>
      <dt>Theme</dt>
      <dd>{settings.defaultTheme}</dd>
      <dt>Sessions expire after</dt>
      <dd>{settings.expirationHours} hours without activity</dd>
      <dt>Review</dt>
      <dd>{mode?.label ?? settings.reviewMode}</dd>
      <dt>After capture, go to</dt>
      <dd class="mono">{settings.redirectUrl ?? '—'}</dd>
      <dt>Notices go to</dt>
      <dd>{settings.notificationEmails.length ? settings.notificationEmails.join(', ') : '—'}</dd>
    </dl>
  );
}

/** What the form shows: the settings as text fields hold them. */
function formOf(settings: Settings) {
  return {
    displayName: settings.displayName,
    brandColor: settings.brandColor ?? '',
    defaultLanguage: settings.defaultLanguage,
    defaultTheme: settings.defaultTheme,
    expirationHours: String(settings.expirationHours),
    reviewMode: settings.reviewMode,
    redirectUrl: settings.redirectUrl ?? '',
    notificationEmails: settings.notificationEmails.join('\n'),
  };
}

type Form = ReturnType<typeof formOf>;

/** The form as the input the server checks: blanks clear what may be cleared; numbers and lists as typed. */
function inputOf(form: Form): AccountSettingsInput {
  return {
    displayName: form.displayName.trim(),
    brandColor: form.brandColor.trim() || null,
    defaultLanguage: form.defaultLanguage,
    defaultTheme: form.defaultTheme,
    expirationHours: Number(form.expirationHours),
    reviewMode: form.reviewMode,
    redirectUrl: form.redirectUrl.trim() || null,
    notificationEmails: form.notificationEmails
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter(Boolean),
  };
}

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: (settings: Settings) => void }) {
  const { settings: server } = useStaff();
  const [form, setForm] = useState(() => formOf(settings));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The form as it was just saved: "Settings saved." shows while the form is still that one (any change makes another). */
  const [savedForm, setSavedForm] = useState<Form | null>(null);
  const field = (name: keyof Form) => ({
    value: form[name],
    onInput: (event: Event) => setForm({ ...form, [name]: (event.currentTarget as HTMLInputElement).value }),
  });
  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSavedForm(null);
    setError(null);
    try {
      const saved = (await request(UPDATE_ACCOUNT_SETTINGS, { input: inputOf(form) })).updateAccountSettings;
      const shown = formOf(saved);
      setForm(shown);
      setSavedForm(shown);
      onSaved(saved);
      announce('The account settings were saved.');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const colourValid = /^#[0-9a-f]{6}$/i.test(form.brandColor);
  return (
    <form id="account-settings-form" class="form-grid" onSubmit={save}>
      <div class="field">
        <label for="account-display-name">Display name</label>
        <input id="account-display-name" type="text" required maxLength={server.limits.displayNameMax} {...field('displayName')} />
        <span class="help small">On the capture page, the dashboard and the report.</span>
      </div>
      <div class="field">
        <label for="account-brand-color">
          Brand colour <span class="optional">(#rrggbb, empty for the default)</span>
        </label>
        <span class="colour-line">
          <input id="account-brand-color" type="text" pattern="#[0-9a-fA-F]{6}" placeholder="#12385c" spellcheck={false} {...field('brandColor')} />
          <input
            type="color"
            aria-label="Pick the brand colour"
            value={colourValid ? form.brandColor.toLowerCase() : '#12385c'}
            onInput={(event) => setForm({ ...form, brandColor: (event.currentTarget as HTMLInputElement).value })}
          />
        </span>
      </div>
      <div class="field">
        <label for="account-language">Language of new sessions</label>
        <select id="account-language" {...field('defaultLanguage')}>
          {server.languages.map((language) => (
            <option value={language.code} lang={language.code}>
              {language.label}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="account-theme">Theme of new sessions</label>
        <select id="account-theme" {...field('defaultTheme')}>
          {server.themes.map((theme) => (
            <option value={theme.name}>
              {theme.name} — {theme.photoCount} photos{theme.damageInspection ? '' : ', no damage inspection'}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="account-expiration">Sessions expire after (hours without activity)</label>
        <input
          id="account-expiration"
          type="number"
          min={1}
          max={server.limits.expirationHoursMax}
          step="any"
          required
          inputMode="decimal"
          {...field('expirationHours')}
        />
      </div>
      <fieldset class="field wide-field choice-group">
        <legend>Review</legend>
        {server.reviewModes.map((mode) => (
          <span class="checkbox-line">
            <input
              id={`account-review-${mode.code}`}
              type="radio"
              name="reviewMode"
              value={mode.code}
              checked={form.reviewMode === mode.code}
              onChange={() => setForm({ ...form, reviewMode: mode.code })}
            />
            <label for={`account-review-${mode.code}`}>
              {mode.label} <span class="optional">— {mode.description}</span>
            </label>
          </span>
        ))}
      </fieldset>
      <div class="field wide-field">
        <label for="account-redirect">
          After capture, send the person to <span class="optional">(http or https address, optional)</span>
        </label>
        <input id="account-redirect" type="url" placeholder="https://example.com/thanks" {...field('redirectUrl')} />
      </div>
      <div class="field wide-field">
        <label for="account-emails">
          Send notices to <span class="optional">(email addresses, one a line, at most {server.limits.notificationEmailsMax})</span>
        </label>
        <textarea id="account-emails" rows={3} spellcheck={false} {...field('notificationEmails')} />
        <span class="help small">Told when a session waits for review and when a callback is disabled.</span>
      </div>
      <div class="wide-field">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page. */}
        <button class="button primary" type="submit" aria-disabled={busy ? 'true' : undefined}>
          Save settings
        </button>
        {savedForm === form ? (
          <p id="account-settings-done" class="done-note">
            Settings saved.
          </p>
        ) : null}
        {error ? (
          <p id="account-settings-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function LogoCard({ settings, onChanged }: { settings: Settings; onChanged: () => Promise<void> }) {
  const { settings: server } = useStaff();
  const words = useWords();
  const canEdit = words.can('Mutation.setAccountLogo');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const maxKb = Math.round(server.limits.logoMaxBytes / 1024);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await onChanged();
      announce(done);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const upload = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const file = (form.elements.namedItem('logo') as HTMLInputElement).files?.[0];
    if (!file) return setError('Choose a PNG or JPEG file first.');
    if (file.size > server.limits.logoMaxBytes) return setError(`The logo must be at most ${maxKb} KB; this file has ${Math.ceil(file.size / 1024)} KB.`);
    void act(async () => {
      await sendWrite('PUT', '/v1/account/logo', file);
      form.reset();
    }, 'The logo was uploaded.');
  };
  const remove = () => {
    if (!window.confirm('Remove the logo? The capture page and new reports show the name alone.')) return;
    void act(() => sendWrite('DELETE', '/v1/account/logo'), 'The logo was removed.');
  };

  return (
    <section id="account-logo-card" class="card" aria-labelledby="account-logo-title">
      <h2 id="account-logo-title">Logo</h2>
      <div class="logo-preview">
        {settings.logoUrl ? (
          <img id="account-logo-preview" src={settings.logoUrl} alt={`The logo of ${settings.displayName}`} />
        ) : (
          <p id="account-logo-none" class="muted">
            No logo: the capture page and reports show the display name alone.
          </p>
        )}
      </div>
      {canEdit ? (
        <form id="account-logo-form" class="stack" onSubmit={upload}>
          <label for="account-logo-file">
            Logo file <span class="optional">(PNG or JPEG, at most {maxKb} KB; shown at most 480 × 160 pixels)</span>
          </label>
          <input id="account-logo-file" name="logo" type="file" accept="image/png,image/jpeg" />
          <div class="toolbar">
            <button class="button primary" type="submit" disabled={busy}>
              Upload logo
            </button>
            {settings.hasLogo ? (
              <button id="account-logo-remove" class="button danger" type="button" disabled={busy} onClick={remove}>
                Remove logo
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {error ? (
        <p id="account-logo-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
