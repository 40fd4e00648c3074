// One session's page (/dashboard/sessions/<key>): the review workspace first when the session waits for one, then
// its facts and report links, its timeline (live), photos, notes and webhook deliveries.
import { useEffect, useRef, useState } from 'preact/hooks';
import { rejectionReason, vehicleFacts } from '../assets/ui.js';
import { errorText, request } from './api.js';
import { useWords } from './context.js';
import { CopyButton } from './copy-button.js';
import { Deliveries } from './deliveries.js';
import { usePageHeading } from './focus.js';
import { describeEvent, describeMail, formatTime, vehicleTitle } from './format.js';
import { graphql } from './graphql/gql.js';
import type { SessionDetail } from './session-types.js';
import { type SessionEvent, useSessionEvents } from './live.js';
import { ReviewWorkspace } from './review.js';
import { ReviewRevisions } from './review-revisions.js';
import { paths } from './router.js';
import { StatusBadge } from './status-badge.js';

const SESSION_DETAIL = graphql(`
  query SessionDetail($sessionKey: String!) {
    inspectionSession(sessionKey: $sessionKey) {
      sessionKey status awaitingReview theme vehicle createdAt lastActivityAt acceptedPhotoCount
      captureUrl inspectStartedAt inspectEndedAt expiresAt expiresWhenIdle language vinCaptured smsDelivery
      mails { kind to status attempts lastError createdAt updatedAt }
      requiredPhotos { photoCode }
      photos { photoCode photoLabel approved approvedMessage url createdAt vehicleCheck vehicleBox { x y width height score } }
      damages { damageId item damageType grade note photoCode region { x y width height } score source status }
      notes { title description user createdAt }
      location { latitude longitude accuracy capturedAt }
      gradeIfCompleted { grade name }
      review {
        state revision
        reopened { reason by at }
        revisions { revision reason reopenedBy reopenedAt completedBy completedAt }
      }
    }
  }
`);

const SESSION_REPORT = graphql(`
  query SessionReport($sessionKey: String!) { sessionResults(sessionKey: $sessionKey) }
`);

interface ReportLinks {
  url: string;
  pdf_url: string;
  expires_at: string;
  revision: number;
}

/** Statuses in which damages may be marked (before the report exists). */
const REVIEWABLE = new Set(['PROCESS', 'QC_PASSED', 'CONFIRM']);

export function SessionPage({ sessionKey }: { sessionKey: string }) {
  const heading = usePageHeading<HTMLHeadingElement>(sessionKey);
  const words = useWords();
  const [session, setSession] = useState<SessionDetail | null>(null);
  const [report, setReport] = useState<ReportLinks | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [events, setEvents] = useState<SessionEvent[]>([]);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = async () => {
    try {
      const loaded = (await request(SESSION_DETAIL, { sessionKey })).inspectionSession;
      if (loaded.status === 'COMPLETE') {
        const results = (await request(SESSION_REPORT, { sessionKey })).sessionResults as { report?: ReportLinks | null };
        setReport(results.report ?? null);
      }
      setSession(loaded);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  useEffect(() => {
    void refresh();
    return () => clearTimeout(refreshTimer.current);
  }, [sessionKey]);

  useSessionEvents(
    sessionKey,
    (event) => {
      setEvents((known) => (known.some((item) => item.id === event.id) ? known : [...known, event]));
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refresh(), 300);
    },
    setError,
  );

  const title = session ? vehicleTitle(session.vehicle) : null;
  const reviewing = session && (REVIEWABLE.has(session.status) || session.review.state === 'REOPENED') && words.can('Mutation.addDamage');
  return (
    <>
      <p class="breadcrumb">
        <a href={paths.sessions()}>← Sessions</a>
      </p>
      <div class="page-head">
        <h1 ref={heading} tabIndex={-1} id="detail-title">
          Session <span class="mono">{sessionKey}</span> {title ? <span class="muted">{title}</span> : null}
        </h1>
        {session ? <StatusBadge status={session.status} awaitingReview={session.awaitingReview} /> : null}
      </div>
      {error ? (
        <p id="detail-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!session ? (
        !error ? (
          <p class="muted">Loading…</p>
        ) : null
      ) : (
        <div id="detail">
          {reviewing ? <ReviewWorkspace session={session} onChanged={refresh} /> : null}
          <section class="card" aria-labelledby="facts-title">
            <h2 id="facts-title">About this session</h2>
            <div class="grid-2">
              <div>
                <Facts session={session} />
                {/* A viewer gets no capture link (null): it would let them act as the person capturing. */}
                {session.captureUrl && session.status !== 'COMPLETE' && session.status !== 'EXPIRED' ? (
                  <p>
                    <strong>Capture link: </strong>
                    <a href={session.captureUrl} target="_blank" rel="noopener noreferrer" class="mono">
                      {session.captureUrl}
                    </a>
                  </p>
                ) : null}
                {report ? <Report report={report} /> : null}
                {session.status === 'COMPLETE' ? <ReviewRevisions session={session} onChanged={refresh} /> : null}
              </div>
              <Timeline events={events} smsDelivery={session.smsDelivery} mails={session.mails} />
            </div>
          </section>
          <Photos session={session} />
          <Notes session={session} />
          {words.can('Query.deliveries') ? <Deliveries sessionKey={sessionKey} changes={events.length} /> : null}
        </div>
      )}
    </>
  );
}

function Facts({ session }: { session: SessionDetail }) {
  const words = useWords();
  const location = session.location;
  const facts: [string, preact.ComponentChild][] = [
    ['Theme', session.theme],
    ['Language', words.language(session.language)],
    ['Photos accepted', `${session.acceptedPhotoCount} of ${session.requiredPhotos.length}`],
    ['Created', formatTime(session.createdAt)],
    ['Started', formatTime(session.inspectStartedAt)],
    ['Ended', formatTime(session.inspectEndedAt)],
    // Only while it can: a session awaiting its review or its report does not expire.
    ...(session.expiresWhenIdle ? [['Expires if idle', formatTime(session.expiresAt)] as [string, string]] : []),
    [
      'Location',
      location
        ? `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}${location.accuracy == null ? '' : ` (±${Math.round(location.accuracy)} m)`}`
        : '—',
    ],
    ...(vehicleFacts(session.vehicle as never) as [string, string][]),
  ];
  if (session.vinCaptured) facts.push(['VIN captured', <CapturedVin captured={session.vinCaptured} given={session.vehicle?.vin as string | undefined} />]);
  const decoded = session.vehicle?.decoded as DecodedVehicle | null | undefined;
  if (decoded) facts.push(['From the VIN', <VinDecode decoded={decoded} detailsMatch={session.vehicle?.details_match as boolean | null | undefined} />]);
  const odometer = session.vehicle?.odom_captured as { reading: number; unit: string; source: string } | null | undefined;
  if (odometer) facts.push(['Odometer captured', <CapturedOdometer odometer={odometer} match={session.vehicle?.odom_match as boolean | null | undefined} />]);
  return (
    <dl class="facts">
      {facts.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

interface DecodedVehicle {
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
}

/** What the VIN decodes to (docs/capture.md), flagged when the year, make or model the integrator gave contradicts it. */
function VinDecode({ decoded, detailsMatch }: { decoded: DecodedVehicle; detailsMatch: boolean | null | undefined }) {
  const named = [decoded.year, decoded.make, decoded.model, decoded.trim].filter((part) => part !== null && part !== '').join(' ') || 'nothing known';
  if (detailsMatch !== false) return <>{named}</>;
  return (
    <span>
      {named} <span class="details-mismatch">⚠ does not match the year, make or model given</span>
    </span>
  );
}

/** The odometer the person confirmed from the cluster photo or typed (docs/capture.md#odometer-reading), flagged when it does not match. */
function CapturedOdometer({ odometer, match }: { odometer: { reading: number; unit: string; source: string }; match: boolean | null | undefined }) {
  const shown = `${odometer.reading.toLocaleString('en-US')} ${odometer.unit} (${odometer.source === 'photo' ? 'read from the photo' : 'typed'})`;
  if (match !== false) return <>{shown}</>;
  return (
    <span>
      {shown} <span class="details-mismatch">⚠ does not match the odometer given</span>
    </span>
  );
}

/** The VIN read from the label or typed by the person, flagged when it is not the VIN the integrator gave. */
function CapturedVin({ captured, given }: { captured: string; given: string | undefined }) {
  if (!given) return <>{captured}</>;
  const matches = given.toUpperCase() === captured.toUpperCase();
  return (
    <span>
      {captured} <span class={matches ? 'vin-match' : 'vin-mismatch'}>{matches ? '✓ matches' : '⚠ does not match the VIN given'}</span>
    </span>
  );
}

/** The report's shareable links: they open without signing in, so they can be pasted into a CRM or an email. */
function Report({ report }: { report: ReportLinks }) {
  return (
    <div class="report-links">
      <h3 id="report-title" tabIndex={-1}>
        Report{report.revision > 1 ? ` (revision ${report.revision})` : ''}
      </h3>
      <div class="toolbar">
        <a class="button small primary" href={report.url} target="_blank" rel="noopener">
          View report
        </a>
        <a class="button small" href={report.pdf_url} target="_blank" rel="noopener">
          Report PDF
        </a>
        <CopyButton text={report.url} label="Copy link" />
      </div>
      <p class="muted small">Anyone with the link can open the report until {formatTime(report.expires_at)}.</p>
    </div>
  );
}

/** The session's events, oldest first, in words; a scrolling region that the keyboard reaches (Tab, then arrows). */
function Timeline({ events, smsDelivery, mails }: { events: SessionEvent[]; smsDelivery: SessionDetail['smsDelivery']; mails: SessionDetail['mails'] }) {
  const words = useWords();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [events.length, mails.length]);
  // Events and mails in one list by time; a mail sits where it was sent (or last tried), a waiting one where it was made.
  const items = [
    ...events.map((event) => ({ at: event.timestamp, event, mail: null })),
    ...mails.map((mail) => ({ at: mail.status === 'QUEUED' ? mail.createdAt : mail.updatedAt, event: null, mail })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <div>
      <h3 id="timeline-title">Events</h3>
      {items.length === 0 ? <p class="muted">No events yet.</p> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to be scrolled */}
      <ol id="timeline" class="timeline" ref={list} tabIndex={0} aria-labelledby="timeline-title" hidden={items.length === 0}>
        {items.map(({ at, event, mail }) =>
          event ? (
            <li key={event.id} data-event={event.event} data-id={event.id}>
              <span class="event-name">{words.event(event.event)}</span>
              <span>{describeEvent(event.event, event.payload as Record<string, unknown>, words, smsDelivery)}</span>
              <time dateTime={at}>{formatTime(at)}</time>
            </li>
          ) : mail ? (
            <li key={`mail-${mail.kind}-${mail.to}-${mail.createdAt}`} data-mail={mail.status}>
              <span class="event-name">E-mail</span>
              <span>{describeMail(mail)}</span>
              <time dateTime={at}>{formatTime(at)}</time>
            </li>
          ) : null,
        )}
      </ol>
    </div>
  );
}

function Photos({ session }: { session: SessionDetail }) {
  const words = useWords();
  return (
    <section class="card" aria-labelledby="photos-title">
      <h2 id="photos-title">Photos ({session.photos.length})</h2>
      {session.photos.length ? (
        <ul class="photo-grid">
          {session.photos.map((photo) => {
            const name = words.view(photo.photoCode);
            return (
              <li>
                <figure>
                  {photo.url ? (
                    <a href={photo.url} target="_blank" rel="noopener noreferrer">
                      <img src={`${photo.url}?size=thumb`} alt={name} loading="lazy" decoding="async" />
                    </a>
                  ) : (
                    <div class="thumb" role="img" aria-label="No image stored" />
                  )}
                  <figcaption>
                    <strong>{name}</strong> ·{' '}
                    {photo.approved ? <span class="accepted">Accepted</span> : <span class="rejected">{rejectionReason(photo.approvedMessage)}</span>}
                    <br />
                    <span class="muted">{formatTime(photo.createdAt)}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">No photos yet.</p>
      )}
    </section>
  );
}

function Notes({ session }: { session: SessionDetail }) {
  return (
    <section class="card" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes ({session.notes.length})</h2>
      {session.notes.length ? (
        <ul class="notes-list">
          {session.notes.map((note) => (
            <li class="note">
              <p class="note-title">
                {note.title}{' '}
                <span class="muted">
                  — {note.user}, {formatTime(note.createdAt)}
                </span>
              </p>
              <p class="note-text">{note.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No notes.</p>
      )}
    </section>
  );
}
