// Integrator-facing session use cases (docs/rest-guide.md): create, read, update, delete, list, photos, notes, damages
// and results. Every query is scoped to the calling account.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AccountStore } from '../store/accounts.js';
import type { Account } from '../domain/account.js';
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import { untouchedSessionFields, type InspectionSession, type SessionChanges } from '../domain/inspection-session.js';
import type { CaptureStore } from '../store/captures.js';
import type { NoteStore } from '../store/notes.js';
import type { DamageStore } from '../store/damages.js';
import type { DamageRecord, DamageUpdate } from '../domain/damage-record.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { AppError, badRequest, conflict, limitReached, notFound } from '../errors.js';
import { parseCreateSessionBody, parseUpdateSessionBody } from '../domain/session-input.js';
import { DAMAGE_STATUSES, NOTE_STATUSES, checkSessionUpdate, canDelete, isSessionStatus, type SessionStatus } from '../domain/statuses.js';
import { captureTokenAccess, guestBrand, type GuestBrand } from '../domain/capture-scope.js';
import { MAX_DAMAGES_PER_SESSION, MAX_NOTES_PER_SESSION } from '../domain/limits.js';
import { requiredPhotoCodes, type Theme } from '../domain/themes.js';
import { isSessionKey, newCaptureToken, newRandomId, newSessionKey } from '../domain/identifiers.js';
import { noteInsertPayload } from '../domain/events.js';
import { parseNoteInput, type Note } from '../domain/notes.js';
import { parseDamageBody, parseDamageChangesBody, type DamageChanges, type DamageRemoved, type DamageView } from '../domain/grading.js';
import type { SessionResults } from '../domain/results.js';
import type { SessionSource } from '../domain/session-source.js';
import type { SigningKey } from '../accounts/api-keys.js';

/** Who creates a session: its source, and the key whose callbacks hear of it. */
export interface SessionCreator {
  source: SessionSource;
  key: SigningKey;
}
import { damageView, noteView, photoView } from './representation.js';
import type { PublicUrls } from './public-urls.js';
import type { PhotoFiles } from './photo-files.js';
import type { SmsInvitations } from './sms-invitations.js';
import { maySeeCaptureLink, type CaptureLinkViewer } from '../users/roles.js';
import type { SessionMail } from '../mail/session-mail.js';
import { encodeSearchCursor, parseSessionSearch, sessionSearchTerms, type SessionSearchFilters } from '../domain/session-search.js';
import { sessionCsvHeader, sessionCsvLine } from '../domain/session-export.js';

/** The longest search the session list accepts. */
export const SEARCH_MAX = 100;

export const SessionDeletedSchema = z.object({ message: z.string() }).meta({ id: 'SessionDeleted' });
type SessionDeleted = z.output<typeof SessionDeletedSchema>;

export function sessionNotFound(sessionKey: string): AppError {
  return notFound(`Session ${sessionKey} cannot be found.`);
}

export function hashCaptureToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Who writes a note, and in which statuses they may. */
export interface NoteAuthor {
  user: string;
  statuses: readonly SessionStatus[];
  /** The refusal for a session in any other status. */
  refusal(session: InspectionSession): AppError;
}

export interface SessionPageOptions {
  status?: string | null;
  /** true: only sessions in CONFIRM whose review is pending (docs/staff.md); false: all others. */
  awaitingReview?: boolean | null;
  /** Part of the session key, the VIN or the client id, in any case. */
  search?: string | null;
  /** true: only test sessions; otherwise they are left out (docs/rest-guide.md "Test keys"). */
  test?: boolean | null;
  /** Page size, 1-100 (default 20). */
  first?: number | null;
  after?: string | null;
}

/** A session as the use cases hand it to the faces; each face shapes its own view of it. */
export type InspectionSessionRecord = InspectionSession;

/** A page of the search: the sessions newest first, and the cursor of the next page (null on the last). */
export interface SessionSearchPage {
  sessions: InspectionSessionRecord[];
  nextCursor: string | null;
}

/** About how much CSV the export sends per write. */
const EXPORT_CHUNK_CHARACTERS = 32 * 1024;

/** One page of a listing: the sessions in order, each with the cursor that resumes after it. */
export interface SessionPage {
  edges: { cursor: string; node: InspectionSessionRecord }[];
  hasNextPage: boolean;
}

export class SessionService {
  constructor(
    private readonly deps: {
      sessions: InspectionSessionStore;
      accounts: Pick<AccountStore, 'findByApiKey'>;
      captures: CaptureStore;
      files: PhotoFiles;
      notes: NoteStore;
      damages: DamageStore;
      recorder: EventRecorder;
      urls: PublicUrls;
      sms: SmsInvitations;
      mail: Pick<SessionMail, 'sessionCreated'>;
      clock: () => Date;
    },
  ) {}

  /** `body`: the POST /v1/sessions body (snake_case), checked by the one create schema both faces share. */
  /**
   * Creates a session for an integrator (`api`, with the key that signed the request: a test key makes a test
   * session) or for a person in the dashboard (the account's own key).
   */
  async create(
    account: Account,
    body: unknown,
    creator: SessionCreator = { source: 'api', key: { apiKey: account.apiKey, mode: 'live' } },
  ): Promise<InspectionSessionRecord> {
    const { source, key } = creator;
    const now = this.deps.clock();
    const parsed = parseCreateSessionBody(body, now);
    if (!parsed.ok) throw badRequest(parsed.message);
    const input = parsed.value;
    const captureToken = newCaptureToken();
    const theme: Theme = input.theme ?? account.defaultTheme;
    const session: InspectionSession = {
      key: newSessionKey(),
      accountId: account.id,
      apiKey: account.apiKey,
      captureToken,
      captureTokenHash: hashCaptureToken(captureToken),
      theme,
      status: 'IDLE',
      redirectUrl: input.redirectUrl ?? account.redirectUrl,
      // docs/staff.md "Languages": a session created without one speaks the account's default language.
      language: input.language ?? account.defaultLanguage,
      options: input.options,
      vehicle: input.vehicle,
      photos: {},
      location: null,
      capturedOdometer: null,
      expirationHours: account.expirationHours,
      expiresAt: new Date(now.getTime() + account.expirationHours * 3_600_000),
      inspectStartedAt: null,
      inspectEndedAt: null,
      source,
      createdWithKey: key.apiKey,
      test: key.mode === 'test',
      results: null,
      completedAt: null,
      ...untouchedSessionFields(newRandomId(9)),
      searchTerms: [],
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    };
    session.searchTerms = sessionSearchTerms({ key: session.key, vin: session.vehicle.vin, options: session.options });
    await this.deps.sessions.insert(session);
    if (input.options.sms) await this.deps.sms.invite(session, input.options.sms);
    await this.deps.mail.sessionCreated(account, session);
    return session;
  }

  async require(account: Account, sessionKey: string): Promise<InspectionSession> {
    // A key that cannot exist is not looked up.
    if (!isSessionKey(sessionKey)) throw sessionNotFound(sessionKey);
    const session = await this.deps.sessions.findForAccount(account.apiKey, sessionKey);
    if (!session) throw sessionNotFound(sessionKey);
    return session;
  }

  /** The session a capture token opens, or null when there is none or the token has stopped working (docs/limits.md). */
  async findByCaptureToken(token: string): Promise<InspectionSession | null> {
    const session = await this.deps.sessions.findByCaptureTokenHash(hashCaptureToken(token));
    if (!session || this.captureTokenAccess(session) === 'expired') return null;
    return session;
  }

  captureTokenAccess(session: InspectionSession) {
    return captureTokenAccess({ status: session.status, completedAt: session.completedAt }, this.deps.clock());
  }

  findByKey(sessionKey: string): Promise<InspectionSession | null> {
    return this.deps.sessions.findByKey(sessionKey);
  }

  /** `body`: the PUT /v1/sessions/:key body (snake_case), checked by the one update schema both faces share. */
  async update(account: Account, sessionKey: string, body: unknown): Promise<InspectionSessionRecord> {
    const parsed = parseUpdateSessionBody(body, this.deps.clock());
    if (!parsed.ok) throw badRequest(parsed.message);
    const current = await this.require(account, sessionKey);
    const refusal = checkSessionUpdate(current.status, parsed.fields);
    if (refusal) throw badRequest(refusal);
    const update = parsed.value;
    const set: SessionChanges = { updatedAt: this.deps.clock() };
    if (update.theme !== undefined) set.theme = update.theme;
    if (update.redirectUrl !== undefined) set.redirectUrl = update.redirectUrl;
    if (update.language !== undefined) set.language = update.language;
    if (update.vehicle !== undefined) set.vehicle = { ...current.vehicle, ...update.vehicle };
    if (update.options !== undefined) set.options = { ...current.options, ...update.options };
    if (set.vehicle || set.options) {
      set.searchTerms = sessionSearchTerms({ key: sessionKey, vin: (set.vehicle ?? current.vehicle).vin, options: set.options ?? current.options });
    }
    // The write is conditional on the status the rules were checked against; a concurrent move means retry.
    const updated = await this.deps.sessions.updateIfStatus(sessionKey, [current.status], set, { apiKey: account.apiKey });
    if (!updated) throw conflict(`Session ${sessionKey} changed status during the update; read it and try again.`);
    return updated;
  }

  async delete(account: Account, sessionKey: string): Promise<SessionDeleted> {
    const session = await this.require(account, sessionKey);
    if (!canDelete(session.status) || !(await this.deps.sessions.deleteIfStatus(account.apiKey, sessionKey, 'IDLE'))) {
      throw badRequest(`Session ${sessionKey} has been started and cannot be deleted.`);
    }
    // Its photos go with it. Today only an unstarted session (no uploads yet) can be deleted, so this finds nothing;
    // it keeps the file store clean should that rule ever widen.
    const captures = await this.deps.captures.listForSession(account.apiKey, sessionKey);
    await Promise.all(captures.map((capture) => this.deps.files.delete(capture)));
    await this.deps.captures.deleteForSession(account.apiKey, sessionKey);
    return { message: `Session ${sessionKey} has been successfully removed.` };
  }

  /** The account's sessions, latest activity first (see SessionPageOptions). */
  async page(account: Account, options: SessionPageOptions): Promise<SessionPage> {
    const first = Math.min(Math.max(options.first ?? 20, 1), 100);
    let status: SessionStatus | null = null;
    if (options.status) {
      if (!isSessionStatus(options.status)) throw badRequest(`status must be one of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED.`);
      status = options.status;
    }
    const search = options.search?.trim() ?? '';
    if (search.length > SEARCH_MAX) throw badRequest(`search must be at most ${SEARCH_MAX} characters.`);
    const after = options.after ? decodeCursor(options.after) : null;
    const rows = await this.deps.sessions.page(account.apiKey, {
      status,
      awaitingReview: options.awaitingReview ?? null,
      search: search || null,
      test: options.test ?? false,
      first,
      after,
    });
    const edges = rows.slice(0, first).map((node) => ({ cursor: encodeSessionCursor(node), node }));
    return { edges, hasNextPage: rows.length > first };
  }

  /**
   * The account's sessions that match the filters (docs/rest-guide.md "Finding sessions"), newest first. `query`: the
   * query string's parameters, or a GraphQL input in snake_case; a bad filter → 400 naming it.
   */
  async search(account: Account, query: Record<string, unknown>): Promise<SessionSearchPage> {
    const filters = checkedSearch(query);
    const rows = await this.deps.sessions.search(account.apiKey, filters);
    const sessions = rows.slice(0, filters.limit);
    const last = sessions.at(-1);
    return { sessions, nextCursor: rows.length > filters.limit && last ? encodeSearchCursor(last) : null };
  }

  /**
   * The CSV export of every session the filters find (limit and cursor aside): the filters are checked first (a bad
   * one → 400 before anything is sent), then the lines come header first, read from a database cursor as the caller
   * takes them, so the list is never held whole.
   */
  async exportCsv(account: Account, query: Record<string, unknown>): Promise<AsyncIterable<string>> {
    const filters = checkedSearch(query);
    const sessions = this.deps.sessions;
    return (async function* lines() {
      const cursor = sessions.exportCursor(account.apiKey, filters);
      // Lines are sent in chunks of some kilobytes: one write per row would cost more than the row.
      let chunk = sessionCsvHeader();
      try {
        for await (const session of cursor) {
          chunk += sessionCsvLine(session);
          if (chunk.length >= EXPORT_CHUNK_CHARACTERS) {
            yield chunk;
            chunk = '';
          }
        }
      } finally {
        await cursor.close();
      }
      yield chunk;
    })();
  }

  /** Every capture of a session the caller may read (the face checked that), oldest first; retakes included. */
  capturesOf(session: InspectionSessionRecord) {
    return this.deps.captures.listForSession(session.apiKey, session.key);
  }

  /** The session's capture link for those who may hold it (users/roles.ts), else null. */
  captureLinkFor(session: InspectionSessionRecord, viewer: CaptureLinkViewer): string | null {
    return maySeeCaptureLink(viewer) ? this.deps.urls.captureUrl(session.key, session.captureToken) : null;
  }

  /** The name, colour and logo the person capturing sees (docs/capture.md): never the account's username. */
  async brandOf(session: InspectionSessionRecord): Promise<GuestBrand> {
    const account = await this.deps.accounts.findByApiKey(session.apiKey);
    return guestBrand(account, this.deps.urls.logoUrl(account?.logo));
  }

  /** The notes of a session the caller may read, oldest first; `user` keeps only that author's. */
  notesOf(session: InspectionSessionRecord, options: { user?: string } = {}) {
    return this.deps.notes.listForSession(session.apiKey, session.key, options);
  }

  async photos(account: Account, sessionKey: string) {
    await this.require(account, sessionKey);
    return (await this.deps.captures.listForSession(account.apiKey, sessionKey)).map((capture) => photoView(capture, this.deps.urls));
  }

  async notes(account: Account, sessionKey: string) {
    await this.require(account, sessionKey);
    return (await this.deps.notes.listForSession(account.apiKey, sessionKey)).map(noteView);
  }

  async addNote(account: Account, sessionKey: string, input: { title?: unknown; description?: unknown }) {
    const session = await this.require(account, sessionKey);
    const author: NoteAuthor = {
      user: account.username,
      statuses: NOTE_STATUSES,
      refusal: (current) => badRequest(`Session ${current.key} has expired.`),
    };
    return this.insertNote(session, author, input);
  }

  /** Shared by the integrator (their username) and the capture app ("guest"). At most 200 notes a session (docs/limits.md). */
  async insertNote(session: InspectionSession, author: NoteAuthor, input: { title?: unknown; description?: unknown }) {
    const parsed = parseNoteInput(input);
    if (!parsed.ok) throw badRequest(parsed.message);
    const { title, description } = parsed.value;
    if (!author.statuses.includes(session.status)) throw author.refusal(session);
    // The slot is taken by a write conditional on the status and the count, so neither a concurrent move nor
    // concurrent notes can get a note past the rules; the same write moves the session's last activity.
    const taken = await this.deps.sessions.takeSlot(session.key, 'notesCount', MAX_NOTES_PER_SESSION, author.statuses, this.deps.clock());
    if (!taken) {
      const latest = (await this.deps.sessions.findByKey(session.key)) ?? session;
      if (!author.statuses.includes(latest.status)) throw author.refusal(latest);
      throw limitReached(`Session ${session.key} already has the maximum of ${MAX_NOTES_PER_SESSION} notes.`);
    }
    const at = this.deps.clock();
    const user = author.user;
    const note: Note = { sessionKey: session.key, apiKey: session.apiKey, title, description, user, createdAt: at };
    try {
      await this.deps.notes.insert(note);
    } catch (error) {
      await this.deps.sessions.releaseSlot(session.key, 'notesCount');
      throw error;
    }
    await this.deps.recorder.record({
      apiKey: session.apiKey,
      callbackKey: session.createdWithKey,
      sessionKey: session.key,
      payload: { ...noteInsertPayload({ sessionKey: session.key, title, description, user, at }) },
    });
    return noteView(note);
  }

  /** The session's damage records, oldest first (proposals and declined ones included). */
  async damages(account: Account, sessionKey: string): Promise<DamageView[]> {
    await this.require(account, sessionKey);
    return (await this.deps.damages.listForSession(account.apiKey, sessionKey)).map(damageView);
  }

  /**
   * Adds an accepted manual damage record, in any status before COMPLETE or while a review is reopened (docs/staff.md). `damage` is the first
   * release's name for `damage_type`. At most 100 manual records a session (docs/limits.md). `actor` is who adds it.
   */
  async addDamage(account: Account, sessionKey: string, input: unknown, actor: string): Promise<DamageView> {
    const session = await this.require(account, sessionKey);
    const parsed = parseDamageBody(input);
    if (!parsed.ok) throw badRequest(parsed.message);
    const { item, damageType, grade, photoCode, region, note } = parsed.value;
    if (photoCode !== null && !requiredPhotoCodes(session.theme).includes(photoCode)) {
      throw badRequest(`photo_code ${photoCode} is not a photo of theme ${session.theme}.`);
    }
    if (!acceptsDamageChanges(session)) throw damagesClosed(session);
    const taken = await this.deps.sessions.takeSlot(sessionKey, 'damagesCount', MAX_DAMAGES_PER_SESSION, damageWriteStatuses(session));
    if (!taken) {
      const latest = await this.require(account, sessionKey);
      if (!acceptsDamageChanges(latest)) throw damagesClosed(latest);
      throw limitReached(`Session ${sessionKey} already has the maximum of ${MAX_DAMAGES_PER_SESSION} damage records.`);
    }
    const now = this.deps.clock();
    const record: DamageRecord = {
      damageId: newRandomId(12),
      sessionKey,
      apiKey: account.apiKey,
      item,
      damageType,
      grade,
      photoCode,
      region,
      source: 'manual',
      status: 'accepted',
      score: null,
      note,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.deps.damages.insert(record);
    } catch (error) {
      await this.deps.sessions.releaseSlot(sessionKey, 'damagesCount');
      throw error;
    }
    if (!(await this.damagesChanged(session, (results) => reportedDamage(results, record.damageId) === expectedInReport(record)))) {
      // The report was made meanwhile, without this record: take it back.
      await this.deps.damages.deleteManual(account.apiKey, sessionKey, record.damageId);
      await this.deps.sessions.releaseSlot(sessionKey, 'damagesCount');
      throw damagesClosed(await this.require(account, sessionKey));
    }
    return damageView(record);
  }

  /** Accepts or declines a proposal, or corrects a record's grade, type, item, region or note; before COMPLETE or while reopened. */
  async updateDamage(account: Account, sessionKey: string, damageId: string, input: unknown): Promise<DamageView> {
    const session = await this.require(account, sessionKey);
    const parsed = parseDamageChangesBody(input);
    if (!parsed.ok) throw badRequest(parsed.message);
    if (!acceptsDamageChanges(session)) throw damagesClosed(session);
    const current = await this.deps.damages.find(account.apiKey, sessionKey, damageId);
    if (!current) throw damageNotFound(damageId);
    const changes = parsed.value;
    const region = changes.region === undefined ? current.region : changes.region;
    if (region !== null && current.photoCode === null) throw badRequest('region needs the photo_code of the photo it is drawn on.');
    const set: DamageUpdate = { ...changes, updatedAt: this.deps.clock() };
    const updated = await this.deps.damages.update(account.apiKey, sessionKey, damageId, set);
    if (!updated) throw damageNotFound(damageId);
    if (!(await this.damagesChanged(session, (results) => reportedDamage(results, damageId) === expectedInReport(updated)))) {
      const previous: DamageUpdate = { updatedAt: current.updatedAt };
      for (const key of Object.keys(changes) as (keyof DamageChanges)[]) Object.assign(previous, { [key]: current[key] });
      await this.deps.damages.update(account.apiKey, sessionKey, damageId, previous);
      throw damagesClosed(await this.require(account, sessionKey));
    }
    return damageView(updated);
  }

  /** Removes a manual record before COMPLETE or while reopened; a detector's proposal is declined instead, so the review shows it. */
  async deleteDamage(account: Account, sessionKey: string, damageId: string): Promise<DamageRemoved> {
    const session = await this.require(account, sessionKey);
    if (!acceptsDamageChanges(session)) throw damagesClosed(session);
    const current = await this.deps.damages.find(account.apiKey, sessionKey, damageId);
    if (!current) throw damageNotFound(damageId);
    if (current.source !== 'manual') throw badRequest(`Damage ${damageId} was proposed by the damage detector: decline it instead of deleting it.`);
    if (!(await this.deps.damages.deleteManual(account.apiKey, sessionKey, damageId))) throw damageNotFound(damageId);
    if (!(await this.damagesChanged(session, (results) => reportedDamage(results, damageId) === null))) {
      await this.deps.damages.insert(current);
      throw damagesClosed(await this.require(account, sessionKey));
    }
    await this.deps.sessions.releaseSlot(sessionKey, 'damagesCount');
    return { message: `Damage ${damageId} has been removed.` };
  }

  /**
   * Announces a damage record write (a report being generated meanwhile starts over and reads it). False when the
   * session completed first; `agrees` then says whether its report already shows the change, which then stands.
   */
  private async damagesChanged(session: InspectionSession, agrees: (results: Record<string, unknown>) => boolean): Promise<boolean> {
    const reopened = isReopenedForChanges(session);
    const marked = await this.deps.sessions.updateIfStatus(
      session.key,
      damageWriteStatuses(session),
      { damagesVersion: newRandomId(9), lastActivityAt: this.deps.clock() },
      // A reopened review takes changes until its completion begins.
      reopened ? { apiKey: session.apiKey, reviewReopened: true, revisionStarted: null } : { apiKey: session.apiKey },
    );
    if (marked) return true;
    const latest = await this.deps.sessions.findByKey(session.key);
    return latest?.status === 'COMPLETE' && !latest.reviewReopened && latest.results !== null && agrees(latest.results);
  }

  /**
   * Marks the completed session's review reopened (one compare-and-set: of two reopenings at once, one wins); null
   * when it already is reopened or no longer COMPLETE. The rules of when a review may be reopened are ReviewService's.
   */
  async reopenReview(session: InspectionSession, reason: string, by: string): Promise<InspectionSession | null> {
    const at = this.deps.clock();
    return this.deps.sessions.updateIfStatus(
      session.key,
      ['COMPLETE'],
      { reviewReopened: { reason, by, at }, revisionStarted: null, updatedAt: at },
      { apiKey: session.apiKey, reviewReopened: false },
    );
  }

  async results(account: Account, sessionKey: string): Promise<SessionResults> {
    const session = await this.require(account, sessionKey);
    if (session.status !== 'COMPLETE' || !session.results) throw new AppError('CONFLICT', 'Session is not yet completed.');
    // Stored as buildSessionResults made it, at completion.
    return session.results as unknown as SessionResults;
  }
}

/** The Damage answer. The store types item and grade loosely; every writer takes them from the catalog (grading.ts). */
function damagesClosed(session: InspectionSession): AppError {
  if (session.status === 'COMPLETE' && session.reviewReopened) {
    return conflict(`Session ${session.key} is being completed again: its damage records can no longer change.`);
  }
  if (session.status === 'COMPLETE') {
    return conflict(`Session ${session.key} is complete: its damage records can no longer change.`);
  }
  if (session.status === 'CONFIRM' && session.reportStarted)
    return conflict(`Session ${session.key} is being completed: its damage records can no longer change.`);
  return badRequest(`Session ${session.key} is ${session.status}: its damage records can no longer change.`);
}

/** How a report shows a damage record: its reported fields as JSON, or null when the report leaves it out. */
function expectedInReport(damage: DamageRecord): string | null {
  if (damage.status !== 'accepted') return null;
  return JSON.stringify([damage.item, damage.damageType, damage.grade, damage.photoCode, damage.region]);
}

function reportedDamage(results: Record<string, unknown>, damageId: string): string | null {
  const inspection = results.inspection as { damages?: Record<string, unknown>[] } | null;
  const damage = inspection?.damages?.find((entry) => entry.damage_id === damageId);
  return damage ? JSON.stringify([damage.item, damage.damage_type, damage.grade, damage.photo_code, damage.region ?? null]) : null;
}

function acceptsDamageChanges(session: InspectionSession): boolean {
  return (DAMAGE_STATUSES.includes(session.status) && !session.reportStarted) || isReopenedForChanges(session);
}

/** A completed session whose review was reopened (docs/staff.md "Review revisions"), not yet being completed again. */
function isReopenedForChanges(session: InspectionSession): boolean {
  return session.status === 'COMPLETE' && Boolean(session.reviewReopened) && !session.revisionStarted;
}

/** The statuses in which a damage record write of this session may land. */
function damageWriteStatuses(session: InspectionSession): readonly SessionStatus[] {
  return isReopenedForChanges(session) ? ['COMPLETE'] : DAMAGE_STATUSES;
}

function damageNotFound(damageId: string): AppError {
  return notFound(`Damage ${damageId} cannot be found.`);
}

function checkedSearch(query: Record<string, unknown>): SessionSearchFilters {
  const parsed = parseSessionSearch(query);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.value;
}

/** A listing cursor: the session's last activity and key, the two keys the listing is ordered by. */
function encodeSessionCursor(session: InspectionSession): string {
  return Buffer.from(`${session.lastActivityAt.getTime()}:${session.key}`).toString('base64url');
}

function decodeCursor(cursor: string): { lastActivityAt: Date; key: string } {
  const [time, key] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const millis = Number(time);
  if (!key || !time || !Number.isFinite(millis)) throw badRequest('after is not a cursor returned by this API.');
  return { lastActivityAt: new Date(millis), key };
}
