// Settings → Developers: the account's callbacks (one webhook per event, signed with its secret) and the
// deliveries of each, for the owner: set, edit, reveal the secret, send a test, rotate the secret, delete.
import { useEffect, useState } from 'preact/hooks';
import { errorText, request } from './api.js';
import { useStaff, useWords } from './context.js';
import { DeliveriesTable, eventEnum } from './deliveries.js';
import { announce } from './focus.js';
import { graphql } from './graphql/gql.js';
import type { CallbacksQuery, CallbackMethod, DeliveryFieldsFragment } from './graphql/graphql.js';

const CALLBACKS = graphql(`
  query Callbacks { callbacks { event url method headers payload secret active } }
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

export function Callbacks() {
  const { settings } = useStaff();
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
      {callbacks?.length ? <EventDeliveries events={callbacks.map((callback) => callback.event)} /> : null}
    </>
  );
}

function CallbackRow(props: { callback: Callback; onEdit: () => void; onTest: () => Promise<string>; onRotate: () => void; onDelete: () => void }) {
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
    <tr data-event={callback.event}>
      <td title={callback.event}>{words.event(callback.event)}</td>
      <td class="mono">{callback.url}</td>
      <td>{callback.method}</td>
      <td>{callback.active ? 'Active' : <span class="rejected">Disabled (410 Gone)</span>}</td>
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

/** The latest deliveries of one callback's event, across sessions. */
function EventDeliveries({ events }: { events: string[] }) {
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
  }, [event]);
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
