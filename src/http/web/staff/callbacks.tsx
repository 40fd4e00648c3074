// Settings → Developers: the account's callbacks (one webhook per event, signed with its secret) and the
// deliveries of each, for the owner: set, edit, reveal the secret, send a test, rotate the secret, delete; a callback
// the service disabled says why and is enabled again here, and what failed since a time can be sent again.
import { useEffect, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff, useWords } from './context.js';
import { DeliveriesTable, eventEnum } from './deliveries.js';
import { announce } from './focus.js';
import { graphql } from './graphql/gql.js';
import type { CallbacksQuery, CallbackMethod, DeliveryFieldsFragment } from './graphql/graphql.js';

const CALLBACKS = graphql(`
  query Callbacks { callbacks { event url method headers payload secret disabled disabledReason } }
`);
const SET_CALLBACK = graphql(`
  mutation SetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) { setCallback(event: $event, input: $input) { event } }
`);
const DELETE_CALLBACK = graphql(`
  mutation DeleteCallback($event: WebhookEvent!) { deleteCallback(event: $event) }
`);
const TEST_CALLBACK = graphql(`
  mutation TestCallback($event: WebhookEvent!) { testCallback(event: $event) { id } }
`);
const ROTATE_SECRET = graphql(`
  mutation RotateSecret($event: WebhookEvent!) { rotateCallbackSecret(event: $event) { event } }
`);
const SET_CALLBACK_DISABLED = graphql(`
  mutation SetCallbackDisabled($event: WebhookEvent!, $disabled: Boolean!) { setCallbackDisabled(event: $event, disabled: $disabled) { event disabled } }
`);
const RECOVER_DELIVERIES = graphql(`
  mutation RecoverDeliveries($since: DateTime!, $event: WebhookEvent) { recoverDeliveries(since: $since, event: $event) { queued } }
`);
const EVENT_DELIVERIES = graphql(`
  query EventDeliveries($event: WebhookEvent!) { deliveries(event: $event, first: 25) { edges { node { ...DeliveryFields } } } }
`);

type Callback = CallbacksQuery['callbacks'][number];

function parseJsonObject(text: string, field: string): Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${field} must be a JSON object, e.g. {"name": "value"}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${field} must be a JSON object.`);
  return value as Record<string, unknown>;
}

/** What a person is told when callbacks are off: nothing reaches their receivers until they are enabled again. */
function disabledNotice(names: string[]): string {
  const which = names.length === 1 ? `The ${names[0]} callback is` : `${names.length} callbacks are`;
  return `${which} disabled: nothing is sent to ${names.length === 1 ? 'its receiver' : 'their receivers'}. Once the receiver works, enable it again below, then send again what failed meanwhile.`;
}

export function Callbacks() {
  const { settings } = useStaff();
  const words = useWords();
  const [callbacks, setCallbacks] = useState<Callback[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [form, setForm] = useState({ event: settings.callbackEvents[0]?.code ?? '', method: 'POST', url: '', headers: '', payload: '' });

  const load = async () => {
    try {
      setCallbacks((await request(CALLBACKS)).callbacks);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  // Counts changes the delivery list below should show (a recovery queues deliveries, which go out moments later).
  const [changes, setChanges] = useState(0);
  const followDeliveries = () => {
    setChanges((count) => count + 1);
    setTimeout(() => setChanges((count) => count + 1), 2_000);
  };

  const act = async (work: () => Promise<unknown>, message: string) => {
    setError(null);
    try {
      await work();
      announce(message);
      await load();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    setFormError(null);
    try {
      const headers = parseJsonObject(form.headers, 'Headers');
      const payload = parseJsonObject(form.payload, 'Extra payload attributes');
      await request(SET_CALLBACK, {
        event: eventEnum(form.event),
        input: { url: form.url.trim(), method: form.method as CallbackMethod, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) },
      });
      setForm({ ...form, url: '', headers: '', payload: '' });
      announce('Callback saved.');
      await load();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  };

  const edit = (callback: Callback) => {
    setForm({
      event: callback.event,
      method: callback.method,
      url: callback.url,
      headers: Object.keys(callback.headers).length ? JSON.stringify(callback.headers) : '',
      payload: Object.keys(callback.payload).length ? JSON.stringify(callback.payload) : '',
    });
    document.getElementById('callback-url')?.focus();
  };

  return (
    <>
      <section id="callbacks" class="card" aria-labelledby="callbacks-title">
        <h2 id="callbacks-title">Callbacks</h2>
        <p class="muted">One webhook per event. Deliveries are signed with the callback’s secret (Standard Webhooks).</p>
        {callbacks?.some((callback) => callback.disabled) ? (
          <p id="callbacks-disabled-notice" class="warning">
            {disabledNotice(callbacks.filter((callback) => callback.disabled).map((callback) => words.event(callback.event)))}
          </p>
        ) : null}
        {callbacks?.length ? (
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">Callback settings</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">URL</th>
                  <th scope="col">Method</th>
                  <th scope="col">State</th>
                  <th scope="col">Secret</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody id="callbacks-body">
                {callbacks.map((callback) => (
                  <CallbackRow
                    key={callback.event}
                    callback={callback}
                    onEdit={() => edit(callback)}
                    onTest={() => request(TEST_CALLBACK, { event: eventEnum(callback.event) }).then((answer) => answer.testCallback.id)}
                    onEnable={() =>
                      void act(
                        () => request(SET_CALLBACK_DISABLED, { event: eventEnum(callback.event), disabled: false }),
                        `The ${words.event(callback.event)} callback is enabled again.`,
                      )
                    }
                    onRotate={() => {
                      if (window.confirm(`Rotate the ${callback.event} signing secret? The old one keeps signing beside the new one for 24 hours.`)) {
                        void act(() => request(ROTATE_SECRET, { event: eventEnum(callback.event) }), `The ${callback.event} secret was rotated.`);
                      }
                    }}
                    onDelete={() => {
                      if (window.confirm(`Delete the ${callback.event} callback? Its deliveries stop at once.`)) {
                        void act(() => request(DELETE_CALLBACK, { event: eventEnum(callback.event) }), `The ${callback.event} callback was deleted.`);
                      }
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : callbacks ? (
          <p id="callbacks-empty" class="muted">
            No callbacks yet.
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
        {error ? (
          <p id="callbacks-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
        <h3>Set a callback</h3>
        <form id="callback-form" class="form-grid" onSubmit={save}>
          <div class="field">
            <label for="callback-event">Event</label>
            <select id="callback-event" value={form.event} onChange={(event) => setForm({ ...form, event: (event.currentTarget as HTMLSelectElement).value })}>
              {settings.callbackEvents.map((event) => (
                <option value={event.code}>
                  {event.label} ({event.code})
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="callback-method">Method</label>
            <select
              id="callback-method"
              value={form.method}
              onChange={(event) => setForm({ ...form, method: (event.currentTarget as HTMLSelectElement).value })}
            >
              <option value="POST">POST</option>
              <option value="PUT">PUT</option>
              <option value="PATCH">PATCH</option>
            </select>
          </div>
          <div class="field">
            <label for="callback-url">URL</label>
            <input
              id="callback-url"
              type="url"
              placeholder="https://example.com/webhooks"
              required
              value={form.url}
              onInput={(event) => setForm({ ...form, url: (event.currentTarget as HTMLInputElement).value })}
            />
          </div>
          <div class="field wide-field">
            <label for="callback-headers">
              Headers <span class="optional">(JSON object, optional)</span>
            </label>
            <textarea
              id="callback-headers"
              rows={2}
              spellcheck={false}
              placeholder='{"Authorization": "Bearer …"}'
              value={form.headers}
              onInput={(event) => setForm({ ...form, headers: (event.currentTarget as HTMLTextAreaElement).value })}
            />
          </div>
          <div class="field wide-field">
            <label for="callback-payload">
              Extra payload attributes <span class="optional">(JSON object, optional)</span>
            </label>
            <textarea
              id="callback-payload"
              rows={2}
              spellcheck={false}
              placeholder='{"source": "capture-gateway"}'
              value={form.payload}
              onInput={(event) => setForm({ ...form, payload: (event.currentTarget as HTMLTextAreaElement).value })}
            />
          </div>
          <div class="wide-field">
            <button class="button primary" type="submit">
              Save callback
            </button>
            {formError ? (
              <p id="callback-form-error" class="error" role="alert">
                {formError}
              </p>
            ) : null}
          </div>
        </form>
      </section>
      {callbacks?.length ? <RecoverDeliveries callbacks={callbacks} onQueued={followDeliveries} /> : null}
      {callbacks?.length ? <EventDeliveries events={callbacks.map((callback) => callback.event)} changes={changes} /> : null}
    </>
  );
}

function CallbackRow(props: {
  callback: Callback;
  onEdit: () => void;
  onTest: () => Promise<string>;
  onEnable: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { callback } = props;
  const words = useWords();
  const [shown, setShown] = useState(false);
  const [tested, setTested] = useState<string | null>(null);
  const test = async () => {
    try {
      const id = await props.onTest();
      announce(`A test ${callback.event} was queued as delivery ${id}.`);
      setTested('Test sent');
    } catch (failure) {
      setTested(`Not sent: ${errorText(failure)}`);
    }
    setTimeout(() => setTested(null), 3_000);
  };
  return (
    <tr data-event={callback.event} data-disabled={callback.disabled ? 'true' : undefined}>
      <td title={callback.event}>{words.event(callback.event)}</td>
      <td class="mono">{callback.url}</td>
      <td>{callback.method}</td>
      <td>
        {callback.disabled ? (
          <div class="callback-state">
            <strong class="disabled-state">Disabled</strong>
            <span class="small">{callback.disabledReason}</span>
          </div>
        ) : (
          'Active'
        )}
      </td>
      <td>
        <span class="secret">
          <span class="mono">{shown ? callback.secret : `${callback.secret.slice(0, 10)}…`}</span>
          <button class="button small" type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </span>
      </td>
      <td>
        <div class="toolbar">
          {callback.disabled ? (
            <button class="button small primary" type="button" aria-label={`Enable the ${callback.event} callback`} onClick={props.onEnable}>
              Enable
            </button>
          ) : null}
          <button class="button small" type="button" aria-label={`Edit the ${callback.event} callback`} onClick={props.onEdit}>
            Edit
          </button>
          <button class="button small" type="button" aria-label={`Send test ${callback.event}`} onClick={test}>
            {tested ?? 'Send test'}
          </button>
          <button class="button small" type="button" aria-label={`Rotate secret of ${callback.event}`} onClick={props.onRotate}>
            Rotate secret
          </button>
          <button class="button small danger" type="button" aria-label={`Delete the ${callback.event} callback`} onClick={props.onDelete}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Sends again what failed since a time (after a receiver's outage), to every enabled callback or to one: the
 * deliveries keep their webhook-ids, so a receiver that drops duplicates can recover generously.
 */
function RecoverDeliveries({ callbacks, onQueued }: { callbacks: Callback[]; onQueued: () => void }) {
  const words = useWords();
  const enabled = callbacks.filter((callback) => !callback.disabled);
  const [since, setSince] = useState('');
  const [event, setEvent] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (submit: SubmitEvent) => {
    submit.preventDefault();
    setResult(null);
    setError(null);
    // The field holds a time of the person's own clock; the API takes an instant.
    const instant = new Date(since);
    if (Number.isNaN(instant.getTime())) {
      setError('Choose the date and time the failures began.');
      return;
    }
    try {
      const { queued } = (await request(RECOVER_DELIVERIES, { since: instant.toISOString(), ...(event ? { event: eventEnum(event) } : {}) })).recoverDeliveries;
      setResult(
        queued === 0 ? 'Nothing failed since then: no delivery was queued.' : `${queued} ${queued === 1 ? 'delivery was' : 'deliveries were'} queued again.`,
      );
      if (queued > 0) onQueued();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <section id="recover" class="card" aria-labelledby="recover-title">
      <h2 id="recover-title">Send again what failed</h2>
      <p class="muted">
        After your receiver was down: every delivery that failed since the time you give is sent again, with the webhook-id it had. Deliveries of disabled
        callbacks are left out; enable them first.
      </p>
      <form id="recover-form" class="form-grid" onSubmit={send}>
        <div class="field">
          <label for="recover-since">Failed since (your time)</label>
          <input
            id="recover-since"
            type="datetime-local"
            required
            value={since}
            onInput={(input) => setSince((input.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="recover-event">Callback</label>
          <select id="recover-event" value={event} onChange={(change) => setEvent((change.currentTarget as HTMLSelectElement).value)}>
            <option value="">Every enabled callback</option>
            {enabled.map((callback) => (
              <option value={callback.event}>{words.event(callback.event)}</option>
            ))}
          </select>
        </div>
        <div class="wide-field">
          <button class="button primary" type="submit" disabled={enabled.length === 0}>
            Send again
          </button>
          <p id="recover-result" role="status" class={result ? undefined : 'visually-hidden'}>
            {result ?? ''}
          </p>
          {error ? (
            <p id="recover-error" class="error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** The latest deliveries of one callback's event, across sessions. */
function EventDeliveries({ events, changes }: { events: string[]; changes: number }) {
  const words = useWords();
  const [event, setEvent] = useState(events[0] ?? '');
  const [deliveries, setDeliveries] = useState<DeliveryFieldsFragment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setDeliveries((await request(EVENT_DELIVERIES, { event: eventEnum(event) })).deliveries.edges.map((edge) => edge.node));
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  useEffect(() => {
    if (event) void load();
  }, [event, changes]);
  return (
    <section class="card" aria-labelledby="event-deliveries-title">
      <div class="panel-head">
        <h2 id="event-deliveries-title">Recent deliveries</h2>
        <label for="deliveries-event" class="visually-hidden">
          Deliveries of the event
        </label>
        <select id="deliveries-event" value={event} onChange={(change) => setEvent((change.currentTarget as HTMLSelectElement).value)}>
          {events.map((code) => (
            <option value={code}>{words.event(code)}</option>
          ))}
        </select>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {deliveries === null ? null : deliveries.length ? (
        <DeliveriesTable
          deliveries={deliveries}
          caption="The event's latest deliveries, newest first"
          showSession
          onRedelivered={(failure) => (failure ? setError(failure) : void load())}
        />
      ) : (
        <p class="muted">No deliveries of this event yet.</p>
      )}
    </section>
  );
}
