// Webhook deliveries: one session's (on its page) or one event's (Settings → Developers), with each attempt's
// outcome, what a refusing receiver answered, and Redeliver. Focus stays on the button that acted while the list
// reloads around it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorCode, errorText, request } from './api.js';
import { useWords } from './context.js';
import { announce } from './focus.js';
import { formatTime } from './format.js';
import { graphql } from './graphql/gql.js';
import type { DeliveriesQuery, DeliveryFieldsFragment, WebhookEvent } from './graphql/graphql.js';
import { paths } from './router.js';

graphql(`
  fragment DeliveryFields on Delivery {
    id event sessionKey test status attemptCount nextAttemptAt lastStatusCode lastError createdAt
    attempts { attempt statusCode responseBody }
  }
`);
const CALLBACK_EVENTS = graphql(`
  query CallbackEvents { callbacks { event } }
`);
const DELIVERIES = graphql(`
  query Deliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {
    deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) {
      edges { node { ...DeliveryFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);
const REDELIVER = graphql(`
  mutation Redeliver($id: ID!) { redeliver(id: $id) { ...DeliveryFields } }
`);

const PAGE_SIZE = 100;
const FINISHED = new Set(['SUCCEEDED', 'FAILED']);

/** "SESSION:NOTE_INSERT" → the GraphQL enum value "SESSION_NOTE_INSERT". */
export const eventEnum = (event: string) => event.replace(':', '_') as WebhookEvent;

async function deliveriesOf(event: WebhookEvent, sessionKey: string | null): Promise<DeliveryFieldsFragment[]> {
  const found: DeliveryFieldsFragment[] = [];
  let after: string | null = null;
  for (;;) {
    let connection: DeliveriesQuery['deliveries'];
    try {
      connection = (await request(DELIVERIES, { event, sessionKey, first: PAGE_SIZE, after })).deliveries;
    } catch (error) {
      // The callback was removed since the list of callbacks was read: it has nothing to show.
      if (errorCode(error) === 'NOT_FOUND') return found;
      throw error;
    }
    found.push(...connection.edges.map((edge) => edge.node));
    if (!connection.pageInfo.hasNextPage || !sessionKey) return found;
    after = connection.pageInfo.endCursor ?? null;
  }
}

const newestFirst = (a: DeliveryFieldsFragment, b: DeliveryFieldsFragment) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A session's deliveries over every event that has a callback; `changes` (its event count) asks to look again. */
export function Deliveries({ sessionKey, changes }: { sessionKey: string; changes: number }) {
  const [state, setState] = useState<{ deliveries: DeliveryFieldsFragment[]; hasCallbacks: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  const load = async (keepError = false) => {
    const mine = ++generation.current;
    clearTimeout(poll.current);
    try {
      const events = (await request(CALLBACK_EVENTS)).callbacks.map((callback) => eventEnum(callback.event));
      const deliveries = (await Promise.all(events.map((event) => deliveriesOf(event, sessionKey)))).flat().sort(newestFirst);
      if (mine !== generation.current) return;
      setState({ deliveries, hasCallbacks: events.length > 0 });
      if (!keepError) setError(null);
      schedulePoll(deliveries);
    } catch (failure) {
      if (mine === generation.current) setError(`The deliveries could not be loaded: ${errorText(failure)}`);
    }
  };

  // While a delivery is in flight, look again when its outcome is due.
  const schedulePoll = (deliveries: DeliveryFieldsFragment[]) => {
    const now = Date.now();
    const delays = deliveries
      .filter((delivery) => !FINISHED.has(delivery.status))
      .map((delivery) => (delivery.status === 'PENDING' && delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - now + 1_000 : 1_500));
    if (delays.length) poll.current = setTimeout(() => void load(), Math.min(Math.max(Math.min(...delays), 1_000), 60_000));
  };

  useEffect(() => {
    void load();
  }, [sessionKey, changes]);
  useEffect(() => () => clearTimeout(poll.current), []);

  return (
    <section id="deliveries" class="card deliveries" aria-labelledby="deliveries-title" aria-busy={state === null}>
      <div class="panel-head">
        <h2 id="deliveries-title">Webhook deliveries</h2>
        <button class="button small" type="button" aria-label="Refresh the webhook deliveries" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      {error ? (
        <p id="deliveries-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
      {state === null ? (
        <p class="muted">Loading…</p>
      ) : state.deliveries.length ? (
        <DeliveriesTable
          deliveries={state.deliveries}
          caption="Webhook deliveries of this session, newest first"
          onRedelivered={(failure) => {
            if (failure) setError(failure);
            void load(Boolean(failure));
          }}
        />
      ) : (
        <p id="deliveries-empty" class="muted">
          No webhook deliveries for this session yet.
          {state.hasCallbacks ? null : ' No callback is set: add one under Settings → Developers to have this session’s events sent.'}
        </p>
      )}
    </section>
  );
}

export function DeliveriesTable(props: {
  deliveries: DeliveryFieldsFragment[];
  caption: string;
  showSession?: boolean;
  onRedelivered: (failure: string | null) => void;
}) {
  const words = useWords();
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Delivery</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last result</th>
            <th scope="col">Created</th>
            {props.showSession ? <th scope="col">Session</th> : null}
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody id="deliveries-body">
          {props.deliveries.map((delivery) => {
            const status = delivery.status.toLowerCase();
            const eventName = delivery.event.replace('_', ':');
            return (
              <tr key={delivery.id} data-delivery={delivery.id} data-status={status} data-event={eventName}>
                <td class="mono">{delivery.id}</td>
                <td title={eventName}>{words.event(eventName)}</td>
                <td>
                  <span class="status" data-status={status}>
                    {status}
                  </span>
                </td>
                <td>{delivery.attemptCount}</td>
                <td>
                  <LastResult delivery={delivery} />
                </td>
                <td>
                  <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>
                </td>
                {props.showSession ? (
                  <td>
                    <a class="mono" href={paths.session(delivery.sessionKey)}>
                      {delivery.sessionKey}
                    </a>
                  </td>
                ) : null}
                <td>
                  <RedeliverButton delivery={delivery} onDone={props.onRedelivered} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function LastResult({ delivery }: { delivery: DeliveryFieldsFragment }) {
  const parts = [delivery.lastStatusCode == null ? null : `HTTP ${delivery.lastStatusCode}`, delivery.lastError].filter(Boolean);
  const next =
    delivery.status === 'PENDING' && delivery.nextAttemptAt && delivery.attemptCount > 0 ? `Next attempt ${formatTime(delivery.nextAttemptAt)}` : null;
  // What the receiver answered to the last failed attempt, so its owner sees why without opening their logs.
  const failed = [...delivery.attempts].reverse().find((attempt) => attempt.statusCode != null && attempt.statusCode >= 300);
  if (!parts.length && !next) return <>—</>;
  return (
    <span>
      {parts.length ? <span class={delivery.lastError ? 'delivery-error' : undefined}>{parts.join(' · ')}</span> : null}
      {parts.length && next ? <br /> : null}
      {next ? <span class="muted">{next}</span> : null}
      {failed?.responseBody ? (
        <details class="response-body">
          <summary>Receiver's answer (HTTP {failed.statusCode})</summary>
          <pre class="mono">{failed.responseBody.slice(0, 2_000)}</pre>
        </details>
      ) : null}
    </span>
  );
}

/**
 * Offered once a delivery is finished. In flight the button stays (aria-disabled rather than disabled or removed),
 * so keyboard focus is not lost while the list reloads.
 */
function RedeliverButton({ delivery, onDone }: { delivery: DeliveryFieldsFragment; onDone: (failure: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const finished = FINISHED.has(delivery.status) && !busy;
  const redeliver = async () => {
    if (!finished) return;
    setBusy(true);
    try {
      await request(REDELIVER, { id: delivery.id });
      announce(`Delivery ${delivery.id} was queued again.`);
      onDone(null);
    } catch (failure) {
      onDone(`Delivery ${delivery.id} could not be redelivered: ${errorText(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      class="button small"
      type="button"
      aria-label={`Redeliver ${delivery.id}`}
      aria-disabled={finished ? undefined : 'true'}
      title={finished ? undefined : 'Being delivered'}
      onClick={redeliver}
    >
      {busy ? 'Redelivering…' : 'Redeliver'}
    </button>
  );
}
