// Sessions: the review queue (confirmed sessions waiting for a person), the account's sessions, newest first, with the
// search's filters (status, creation dates, text) kept in the URL and an "Export CSV" link for what the list shows, and
// the new-session form. Rows change live as the account's events arrive.
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { laterStatus, statusOfEvent } from '../assets/ui.js';
import { errorText, request } from './api.js';
import { useStaff, useWords } from './context.js';
import { announce, usePageHeading } from './focus.js';
import { describeEvent, formatTime, gradeWord, vehicleTitle } from './format.js';
import { graphql } from './graphql/gql.js';
import type { SessionRowFieldsFragment, SessionSearchInput, SessionStatus } from './graphql/graphql.js';
import { type SessionEvent, useSessionEvents } from './live.js';
import { NewSessionForm } from './new-session-form.js';
import { navigate, paths, useLocation } from './router.js';
import { StatusBadge } from './status-badge.js';

graphql(`
  fragment SessionRowFields on InspectionSession {
    sessionKey status awaitingReview theme vehicle lastActivityAt acceptedPhotoCount requiredPhotos { photoCode }
    reportGrade { grade name } reportedDamages smsDelivery
  }
`);

const SESSION_SEARCH = graphql(`
  query SessionSearch($filter: SessionSearchInput) {
    sessionSearch(filter: $filter) { sessions { ...SessionRowFields } nextCursor }
  }
`);

const SESSIONS = graphql(`
  query Sessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {
    inspectionSessions(first: $first, after: $after, status: $status, awaitingReview: $awaitingReview, search: $search) {
      edges { node { ...SessionRowFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const SESSION_ROW = graphql(`
  query SessionRow($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ...SessionRowFields } }
`);

const PAGE_SIZE = 25;
const AWAITING_REVIEW = 'AWAITING_REVIEW';

export type Row = SessionRowFieldsFragment & { lastEvent: SessionEvent | null };

/** The list's filters as the URL keeps them: a status (or the review queue), the text, and the creation days. */
interface ListFilters {
  status: string;
  q: string;
  /** YYYY-MM-DD, days of the person's own calendar. */
  from: string;
  to: string;
}

/** The filters as the search takes them; a day runs from the person's midnight to the next. */
function searchFilter(filters: ListFilters): SessionSearchInput {
  const dayStart = (day: string, plusDays = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, date + plusDays);
  };
  return {
    status: filters.status && filters.status !== AWAITING_REVIEW ? [filters.status] : null,
    awaitingReview: filters.status === AWAITING_REVIEW ? true : null,
    q: filters.q || null,
    createdFrom: filters.from ? dayStart(filters.from).toISOString() : null,
    createdTo: filters.to ? new Date(dayStart(filters.to, 1).getTime() - 1).toISOString() : null,
  };
}

/** The CSV export of exactly what the list shows (every page of it), opened with the sign-in cookie. */
function exportHref(filter: SessionSearchInput): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status.join(','));
  if (filter.awaitingReview) query.set('awaiting_review', 'true');
  if (filter.q) query.set('q', filter.q);
  if (filter.createdFrom) query.set('created_from', filter.createdFrom);
  if (filter.createdTo) query.set('created_to', filter.createdTo);
  const text = query.toString();
  return `/v1/sessions/export.csv${text ? `?${text}` : ''}`;
}

/** The list's state, in one place: rows in order (newest first), the next page's cursor, and errors. */
interface ListState {
  rows: Row[];
  endCursor: string | null;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
}

type ListAction =
  | { type: 'loaded'; rows: SessionRowFieldsFragment[]; more: boolean; endCursor: string | null; hasMore: boolean }
  | { type: 'failed'; error: string }
  | { type: 'loading' }
  | { type: 'event'; event: SessionEvent }
  | { type: 'row'; row: SessionRowFieldsFragment; prepend: boolean };

function reduceList(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'failed':
      return { ...state, loading: false, error: action.error };
    case 'loaded': {
      const known = new Map(state.rows.map((row) => [row.sessionKey, row]));
      const fresh = action.rows.map((row) => ({ ...row, lastEvent: known.get(row.sessionKey)?.lastEvent ?? null }));
      return { rows: action.more ? [...state.rows, ...fresh] : fresh, endCursor: action.endCursor, hasMore: action.hasMore, loading: false, error: null };
    }
    case 'event': {
      const index = state.rows.findIndex((row) => row.sessionKey === action.event.sessionKey);
      if (index < 0) return state;
      const row = state.rows[index] as Row;
      const announced = statusOfEvent(action.event as never);
      const status = announced ? (laterStatus(row.status, announced) as SessionStatus) : row.status;
      // A session leaves the review queue when it moves on (its review completed): never "Awaiting review" after.
      const updated = { ...row, status, awaitingReview: row.awaitingReview && status === 'CONFIRM', lastEvent: action.event };
      // The list is in creation order, so the row changes where it is.
      return { ...state, rows: state.rows.map((candidate, position) => (position === index ? updated : candidate)) };
    }
    case 'row': {
      const known = state.rows.find((row) => row.sessionKey === action.row.sessionKey);
      const merged: Row = { ...action.row, lastEvent: known?.lastEvent ?? null };
      if (known) merged.status = laterStatus(known.status, merged.status) as SessionStatus;
      if (!known) return action.prepend ? { ...state, rows: [merged, ...state.rows] } : state;
      return { ...state, rows: state.rows.map((row) => (row.sessionKey === merged.sessionKey ? merged : row)) };
    }
  }
}

export function SessionsPage() {
  const heading = usePageHeading<HTMLHeadingElement>();
  const staff = useStaff();
  const words = useWords();
  const url = useLocation();
  const filter = url.searchParams.get('status') ?? '';
  const search = url.searchParams.get('q') ?? '';
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const listFilter = searchFilter({ status: filter, q: search, from, to });
  const [searchText, setSearchText] = useState(search);
  const [list, dispatch] = useReducer(reduceList, { rows: [], endCursor: null, hasMore: false, loading: true, error: null });
  const [queue, setQueue] = useState<SessionRowFieldsFragment[]>([]);
  const refetchTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // Filters change faster than answers come back: only the newest request's answer may fill the list.
  const newestLoad = useRef(0);
  const load = async (more = false) => {
    const ticket = ++newestLoad.current;
    dispatch({ type: 'loading' });
    try {
      const page = (await request(SESSION_SEARCH, { filter: { ...listFilter, limit: PAGE_SIZE, cursor: more ? list.endCursor : null } })).sessionSearch;
      if (ticket !== newestLoad.current) return;
      dispatch({
        type: 'loaded',
        rows: page.sessions,
        more,
        endCursor: page.nextCursor ?? null,
        hasMore: page.nextCursor !== null && page.nextCursor !== undefined,
      });
    } catch (error) {
      if (ticket === newestLoad.current) dispatch({ type: 'failed', error: errorText(error) });
    }
  };

  const loadQueue = async () => {
    try {
      setQueue((await request(SESSIONS, { first: PAGE_SIZE, awaitingReview: true })).inspectionSessions.edges.map((edge) => edge.node));
    } catch {
      // the list says what went wrong
    }
  };

  useEffect(() => {
    void load();
  }, [filter, search, from, to]);
  useEffect(() => {
    void loadQueue();
  }, []);

  // Debounced: a burst of photo verdicts asks for the row once.
  const refetchRow = (sessionKey: string, prepend: boolean) => {
    if (refetchTimers.current.has(sessionKey)) return;
    refetchTimers.current.set(
      sessionKey,
      setTimeout(async () => {
        refetchTimers.current.delete(sessionKey);
        try {
          const row = (await request(SESSION_ROW, { sessionKey })).inspectionSession;
          // A session made just now belongs in the list unless the text or the days leave it out.
          const today = localDay(new Date());
          const inDays = (!from || from <= today) && (!to || to >= today);
          const fits = !search && inDays && (!filter || (filter === AWAITING_REVIEW ? row.awaitingReview : row.status === filter));
          dispatch({ type: 'row', row, prepend: prepend && fits });
          if (row.awaitingReview || queue.some((queued) => queued.sessionKey === sessionKey)) void loadQueue();
        } catch {
          // the next event or a reload brings it
        }
      }, 250),
    );
  };

  useSessionEvents(null, (event) => {
    const known = list.rows.some((row) => row.sessionKey === event.sessionKey);
    dispatch({ type: 'event', event });
    if (!known || event.event !== 'SESSION:NOTE_INSERT') refetchRow(event.sessionKey, !known);
  });

  useEffect(() => {
    const timers = refetchTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const setQuery = (changes: Record<string, string>) => {
    const params = new URLSearchParams(url.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) params.set(name, value);
      else params.delete(name);
    }
    navigate(paths.sessions(params.toString()), { replace: true });
  };

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => setQuery({ q: searchText.trim() }), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  return (
    <>
      <h1 ref={heading} tabIndex={-1} class="page-title">
        Sessions
      </h1>
      {queue.length > 0 ? <ReviewQueue rows={queue} /> : null}
      {words.can('Mutation.createInspectionSession') ? (
        <section class="card" aria-labelledby="new-session-title">
          <NewSessionForm
            onCreated={(row) => {
              dispatch({ type: 'row', row, prepend: true });
              announce(`Session ${row.sessionKey} created.`);
            }}
          />
        </section>
      ) : null}
      <section class="card" aria-labelledby="sessions-title">
        <div class="panel-head">
          <h2 id="sessions-title">All sessions</h2>
          <div class="toolbar session-filters">
            <label for="session-search" class="visually-hidden">
              Search by customer, phone, e-mail, VIN, session key or your reference
            </label>
            <input
              id="session-search"
              type="search"
              placeholder="Customer, phone, VIN, key or reference"
              autocomplete="off"
              spellcheck={false}
              maxLength={staff.settings.limits.searchMax}
              value={searchText}
              onInput={(event) => setSearchText((event.currentTarget as HTMLInputElement).value)}
            />
            <label for="status-filter" class="visually-hidden">
              Show sessions with status
            </label>
            <select id="status-filter" value={filter} onChange={(event) => setQuery({ status: (event.currentTarget as HTMLSelectElement).value })}>
              <option value="">All sessions</option>
              <option value={AWAITING_REVIEW}>{staff.settings.awaitingReview}</option>
              {staff.settings.statuses.map((status) => (
                <option value={status.code}>{status.label}</option>
              ))}
            </select>
            <button class="button small" type="button" onClick={() => void Promise.all([load(), loadQueue()])}>
              Refresh
            </button>
          </div>
        </div>
        <div class="toolbar session-dates">
          <span class="date-field">
            <label for="created-from">Created from</label>
            <input
              id="created-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setQuery({ from: (event.currentTarget as HTMLInputElement).value })}
            />
          </span>
          <span class="date-field">
            <label for="created-to">to</label>
            <input
              id="created-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setQuery({ to: (event.currentTarget as HTMLInputElement).value })}
            />
          </span>
          <span class="spacer" />
          <a id="export-csv" class="button small" href={exportHref(listFilter)} download>
            Export CSV
          </a>
        </div>
        <SessionsTable rows={list.rows} caption="The account’s inspection sessions, newest first. Changes arrive live." bodyId="sessions-body" />
        {!list.loading && list.rows.length === 0 && !list.error ? (
          <p id="sessions-empty" class="muted">
            {search || filter || from || to ? 'No session matches.' : 'No sessions yet.'}
          </p>
        ) : null}
        {list.hasMore ? (
          <button class="button small" type="button" onClick={() => void load(true)}>
            Load more
          </button>
        ) : null}
        {list.error ? (
          <p id="sessions-error" class="error" role="alert">
            {list.error}
          </p>
        ) : null}
      </section>
    </>
  );
}

/** YYYY-MM-DD of a time in the person's own calendar, as a date input holds it. */
function localDay(time: Date): string {
  return `${time.getFullYear()}-${String(time.getMonth() + 1).padStart(2, '0')}-${String(time.getDate()).padStart(2, '0')}`;
}

function ReviewQueue({ rows }: { rows: SessionRowFieldsFragment[] }) {
  return (
    <section class="card review-queue" aria-labelledby="queue-title">
      <h2 id="queue-title">
        Review queue <span class="count">{rows.length}</span>
      </h2>
      <p class="muted small">Confirmed inspections waiting for a person to mark damages and complete the review.</p>
      <SessionsTable rows={rows.map((row) => ({ ...row, lastEvent: null }))} caption="Sessions waiting for a review" bodyId="queue-body" />
    </section>
  );
}

export function SessionsTable({ rows, caption, bodyId }: { rows: Row[]; caption: string; bodyId: string }) {
  const words = useWords();
  return (
    <div class="table-wrap">
      <table class="sessions-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col">Vehicle</th>
            <th scope="col" class="wide-only">
              Photos
            </th>
            <th scope="col" class="wide-only">
              Grade
            </th>
            <th scope="col" class="wide-only">
              Damages
            </th>
            <th scope="col" class="wide-only">
              Last activity
            </th>
            <th scope="col" class="wide-only">
              Theme
            </th>
          </tr>
        </thead>
        <tbody id={bodyId}>
          {rows.map((row) => (
            <tr key={row.sessionKey} data-session={row.sessionKey} data-status={row.status}>
              <td>
                <a class="mono session-link" href={paths.session(row.sessionKey)} aria-label={`Open session ${row.sessionKey}`}>
                  {row.sessionKey}
                </a>
              </td>
              <td>
                <StatusBadge status={row.status} awaitingReview={row.awaitingReview} />
              </td>
              <td>{vehicleTitle(row.vehicle) ?? (row.vehicle?.vin as string | undefined) ?? '—'}</td>
              <td class="wide-only">
                {row.acceptedPhotoCount} / {row.requiredPhotos.length}
              </td>
              <td class="wide-only grade-cell">{row.reportGrade ? `${row.reportGrade.grade} · ${gradeWord(row.reportGrade.name)}` : '—'}</td>
              <td class="wide-only damages-cell">{row.reportedDamages ?? '—'}</td>
              <td class="wide-only">
                {row.lastEvent ? (
                  <span>
                    {describeEvent(row.lastEvent.event, row.lastEvent.payload as Record<string, unknown>, words, row.smsDelivery)}
                    <br />
                    <time class="muted" dateTime={row.lastEvent.timestamp}>
                      {formatTime(row.lastEvent.timestamp)}
                    </time>
                  </span>
                ) : (
                  <time class="muted" dateTime={row.lastActivityAt}>
                    {formatTime(row.lastActivityAt)}
                  </time>
                )}
              </td>
              <td class="wide-only">{row.theme}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
