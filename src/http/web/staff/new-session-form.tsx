// A new inspection session from the dashboard: theme, language, vehicle, the customer, and optionally the capture
// link texted to their phone. The created session's capture link is shown to copy and send.
import { useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff } from './context.js';
import { graphql } from './graphql/gql.js';
import type { CreateInspectionSessionInput, SessionRowFieldsFragment } from './graphql/graphql.js';
import { CopyButton } from './copy-button.js';

const CREATE_SESSION = graphql(`
  mutation CreateSession($input: CreateInspectionSessionInput) {
    createInspectionSession(input: $input) { ...SessionRowFields captureUrl }
  }
`);

export function NewSessionForm({ onCreated }: { onCreated: (row: SessionRowFieldsFragment) => void }) {
  const { settings } = useStaff();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ sessionKey: string; captureUrl: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = (name: string) => ((form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value ?? '').trim();
    const contact = { ...(value('contactName') ? { name: value('contactName') } : {}), ...(value('contactPhone') ? { phone: value('contactPhone') } : {}) };
    const session = {
      ...(value('theme') ? { theme: value('theme') } : {}),
      ...(value('language') ? { language: value('language') } : {}),
      ...(value('clientId') ? { clientId: value('clientId') } : {}),
      ...(Object.keys(contact).length ? { contact } : {}),
    };
    const vehicle = {
      ...(value('vin') ? { vin: value('vin').toUpperCase() } : {}),
      ...(value('year') ? { year: Number(value('year')) } : {}),
      ...(value('make') ? { make: value('make') } : {}),
      ...(value('model') ? { model: value('model') } : {}),
    };
    const input: CreateInspectionSessionInput = {
      ...(Object.keys(session).length ? { session } : {}),
      ...(Object.keys(vehicle).length ? { vehicle } : {}),
    };
    if ((form.elements.namedItem('sendSms') as HTMLInputElement).checked) {
      if (!contact.phone) return setError('Enter the customer phone to text the capture link to.');
      input.sms = { to: contact.phone.replace(/[\s().-]/g, ''), ...(contact.name ? { toName: contact.name } : {}) };
    }
    setBusy(true);
    setError(null);
    try {
      const session = (await request(CREATE_SESSION, { input })).createInspectionSession;
      setCreated(session.captureUrl ? { sessionKey: session.sessionKey, captureUrl: session.captureUrl } : null);
      onCreated(session);
      form.reset();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details id="new-session">
      <summary id="new-session-title" class="summary-title">
        New session
      </summary>
      <form id="new-session-form" class="form-grid" onSubmit={submit}>
        <div class="field">
          <label for="new-theme">Theme</label>
          <select id="new-theme" name="theme">
            <option value="">Account default</option>
            {settings.themes.map((theme) => (
              <option value={theme.name}>
                {theme.name} — {theme.photoCount} photos{theme.damageInspection ? '' : ', no damage inspection'}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="new-language">Language of the capture page and report</label>
          <select id="new-language" name="language">
            <option value="">Account default</option>
            {settings.languages.map((language) => (
              <option value={language.code} lang={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="new-client-id">
            Your reference <span class="optional">(client_id)</span>
          </label>
          <input id="new-client-id" name="clientId" type="text" />
        </div>
        <div class="field">
          <label for="new-vin">VIN</label>
          <input id="new-vin" name="vin" type="text" autocapitalize="characters" spellcheck={false} maxLength={17} />
        </div>
        <div class="field">
          <label for="new-year">Year</label>
          <input id="new-year" name="year" type="number" min={1900} max={2100} inputMode="numeric" />
        </div>
        <div class="field">
          <label for="new-make">Make</label>
          <input id="new-make" name="make" type="text" />
        </div>
        <div class="field">
          <label for="new-model">Model</label>
          <input id="new-model" name="model" type="text" />
        </div>
        <div class="field">
          <label for="new-contact-name">
            Customer name <span class="optional">(optional)</span>
          </label>
          <input id="new-contact-name" name="contactName" type="text" autocomplete="off" />
        </div>
        <div class="field">
          <label for="new-contact-phone">
            Customer phone <span class="optional">(with country code, e.g. +1 555 010 0199)</span>
          </label>
          <input id="new-contact-phone" name="contactPhone" type="tel" autocomplete="off" inputMode="tel" />
          <span class="checkbox-line">
            <input id="new-send-sms" name="sendSms" type="checkbox" />
            <label for="new-send-sms">Text the capture link to this phone</label>
          </span>
        </div>
        <div class="wide-field">
          <button class="button primary" type="submit" disabled={busy}>
            Create session
          </button>
          {error ? (
            <p id="new-session-error" class="error" role="alert">
              {error}
            </p>
          ) : null}
          {created ? (
            <div class="capture-link" role="status">
              <p>
                <strong>Session {created.sessionKey} created.</strong> Send this capture link to the person with the vehicle:
              </p>
              <a id="capture-link" class="mono" href={created.captureUrl} target="_blank" rel="noopener noreferrer">
                {created.captureUrl}
              </a>
              <div class="toolbar">
                <CopyButton text={created.captureUrl} label="Copy link" />
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </details>
  );
}
