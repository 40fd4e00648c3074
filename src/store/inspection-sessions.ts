// Inspection sessions: one document per session, moved between statuses only by compare-and-set writes. Documents
// are mapped to InspectionSession records (domain/inspection-session.ts) here, so nothing outside the store knows the
// stored shape.
import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import type { SessionStatus } from '../domain/statuses.js';
import type { Theme } from '../domain/themes.js';
import type { SessionOptions } from '../domain/session-input.js';
import type { Vehicle } from '../domain/vehicle.js';
import type { CapturedOdometer } from '../domain/odometer.js';
import type { SessionSource } from '../domain/session-source.js';
import type { SessionSearchFilters } from '../domain/session-search.js';
import type { SessionExportSource } from '../domain/session-export.js';
import type {
  InspectionSession,
  PhotoSlot,
  ReviewRevision,
  SessionChanges,
  SessionCounter,
  SessionLocation,
  SmsDelivery,
} from '../domain/inspection-session.js';
import { storedAccountId } from './stored-ids.js';
import { storedFields, type StoredFields } from './stored-fields.js';
import { ensureIndex } from './indexes.js';
import { PLAIN_SERVER, type ServerTraits } from './server-traits.js';

interface PhotoSlotDocument {
  capture_id: string;
  approved: boolean;
  hash: string | null;
  captured_at: Date;
}

interface LocationDocument {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  captured_at: Date;
}

interface ReviewRevisionDocument {
  revision: number;
  reason: string;
  reopened_by: string;
  reopened_at: Date;
  completed_by: string;
  completed_at: Date;
}

interface InspectionSessionDocument {
  _id: string; // session_key
  account_id: ObjectId;
  api_key: string;
  capture_token: string;
  capture_token_hash: string;
  theme: Theme;
  status: SessionStatus;
  redirect_url: string | null;
  language: string | null;
  options: SessionOptions;
  vehicle: Vehicle;
  /** The latest capture of each photo code, keyed by the code as a string. */
  photos: Record<string, PhotoSlotDocument>;
  location: LocationDocument | null;
  /** A VIN typed on the capture page (docs/capture.md); null until one is typed. */
  typed_vin: { vin: string; typed_at: Date } | null;
  /** The odometer the person confirmed or typed on the capture page (docs/capture.md#odometer-reading); null until then. */
  captured_odometer: (CapturedOdometer & { captured_at: Date }) | null;
  expiration_hours: number;
  /** Idle deadline: the session expires when nothing happens before it (IDLE, STARTED and PROCESS only). */
  expires_at: Date;
  inspect_started_at: Date | null;
  inspect_ended_at: Date | null;
  /** Who created the session (docs/rest-guide.md, results `session.source`). */
  source: SessionSource;
  /**
   * The API key the session was created with (the account's own key for the dashboard): its callbacks hear of the
   * session's events (docs/rest-guide.md "Test keys").
   */
  created_with_key: string;
  /** Created with a test key: left out of lists unless asked for, and may be simulated. */
  test: boolean;
  /** Uploads counted against the session's capture limit (docs/limits.md). */
  capture_count: number;
  /** The results object, fixed when the report is generated (docs/rest-guide.md). */
  results: Record<string, unknown> | null;
  /** When the session became COMPLETE: the capture token works for 30 days after it (absent on older sessions). */
  completed_at: Date | null;
  /** Slots taken by the session's notes and damage records (docs/limits.md caps). */
  notes_count: number;
  damages_count: number;
  /** docs/staff.md: true while a confirmed session waits for a person to complete its review (manual mode). */
  review_pending: boolean;
  /** True once a damage detector looked at the photos. */
  detector_ran: boolean;
  /** The photo codes the damage detector could not analyse (down, timing out), which the report names. */
  detector_unanalysed: number[];
  /** Who completed the review (a user's username, or `api`) and when; absent when nobody reviewed. */
  reviewed_by: string | null;
  reviewed_at: Date | null;
  /** Set when report generation begins (null before); from then on no new damage record write starts. */
  report_started: string | null;
  /** The report's shareable link (docs/staff.md): a random token that opens it without credentials until it expires; null before the report. */
  report_link: { token: string; expires_at: Date } | null;
  /**
   * While a completed review is reopened for a correction (docs/staff.md "Review revisions"): why, by whom and when.
   * Null or absent otherwise. Damage records may change again while it is set.
   */
  review_reopened: { reason: string; by: string; at: Date } | null;
  /** Set when a reopened review's completion begins: from then on no new damage record write starts. */
  revision_started: string | null;
  /** The corrections completed so far, oldest first: each a revision of the report after the first. */
  review_revisions: ReviewRevisionDocument[];
  /** A fresh value with each damage record write (a write that changes nothing would not count as taken). */
  damages_version: string;
  /** The words the search's `q` matches (domain/session-search.ts), rewritten with the options and the vehicle. */
  search_terms: string[];
  /** What became of the SMS invitation: sent to the provider, only logged (the log provider), or failed; null without one. */
  sms_delivery: SmsDelivery | null;
  created_at: Date;
  updated_at: Date;
  /**
   * The latest thing that happened to the session: a status move, a capture, a note, a damage record change, an
   * update. The dashboard lists sessions by it. Every write that sets `updated_at` sets it too.
   */
  last_activity_at: Date;
}

export interface SessionPageQuery {
  status?: SessionStatus | null;
  /** true: only confirmed sessions waiting for a person's review; false: every other session. */
  awaitingReview?: boolean | null;
  /** Part of a session key, VIN or client id, matched case-insensitively. */
  search?: string | null;
  /** true: only test sessions; otherwise only live ones (docs/rest-guide.md "Test keys"). */
  test?: boolean | null;
  first: number;
  after?: { lastActivityAt: Date; key: string } | null;
}

function toSlot(slot: PhotoSlotDocument): PhotoSlot {
  return { captureId: slot.capture_id, approved: slot.approved, hash: slot.hash, capturedAt: slot.captured_at };
}

function slotDocument(slot: PhotoSlot): PhotoSlotDocument {
  return { capture_id: slot.captureId, approved: slot.approved, hash: slot.hash, captured_at: slot.capturedAt };
}

function toLocation(location: LocationDocument | null): SessionLocation | null {
  return location && { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy, capturedAt: location.captured_at };
}

function locationDocument(location: SessionLocation | null): LocationDocument | null {
  return location && { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy, captured_at: location.capturedAt };
}

function toRevision(entry: ReviewRevisionDocument): ReviewRevision {
  return {
    revision: entry.revision,
    reason: entry.reason,
    reopenedBy: entry.reopened_by,
    reopenedAt: entry.reopened_at,
    completedBy: entry.completed_by,
    completedAt: entry.completed_at,
  };
}

function revisionDocument(entry: ReviewRevision): ReviewRevisionDocument {
  return {
    revision: entry.revision,
    reason: entry.reason,
    reopened_by: entry.reopenedBy,
    reopened_at: entry.reopenedAt,
    completed_by: entry.completedBy,
    completed_at: entry.completedAt,
  };
}

type Odometer = InspectionSession['capturedOdometer'];

function toOdometer(odometer: InspectionSessionDocument['captured_odometer']): Odometer {
  if (!odometer) return null;
  const { captured_at: capturedAt, ...reading } = odometer;
  return { ...reading, capturedAt };
}

function odometerDocument(odometer: Odometer): InspectionSessionDocument['captured_odometer'] {
  if (!odometer) return null;
  const { capturedAt, ...reading } = odometer;
  return { ...reading, captured_at: capturedAt };
}

function toSession(document: InspectionSessionDocument): InspectionSession {
  return {
    key: document._id,
    accountId: document.account_id,
    apiKey: document.api_key,
    captureToken: document.capture_token,
    captureTokenHash: document.capture_token_hash,
    theme: document.theme,
    status: document.status,
    redirectUrl: document.redirect_url,
    language: document.language,
    options: document.options,
    vehicle: document.vehicle,
    photos: Object.fromEntries(Object.entries(document.photos).map(([code, slot]) => [code, toSlot(slot)])),
    location: toLocation(document.location),
    typedVin: document.typed_vin && { vin: document.typed_vin.vin, typedAt: document.typed_vin.typed_at },
    capturedOdometer: toOdometer(document.captured_odometer),
    expirationHours: document.expiration_hours,
    expiresAt: document.expires_at,
    inspectStartedAt: document.inspect_started_at,
    inspectEndedAt: document.inspect_ended_at,
    source: document.source,
    createdWithKey: document.created_with_key,
    test: document.test,
    captureCount: document.capture_count,
    results: document.results,
    completedAt: document.completed_at,
    notesCount: document.notes_count,
    damagesCount: document.damages_count,
    reviewPending: document.review_pending,
    detectorRan: document.detector_ran,
    detectorUnanalysed: document.detector_unanalysed,
    reviewedBy: document.reviewed_by,
    reviewedAt: document.reviewed_at,
    reportStarted: document.report_started,
    reportLink: document.report_link && { token: document.report_link.token, expiresAt: document.report_link.expires_at },
    reviewReopened: document.review_reopened,
    revisionStarted: document.revision_started,
    reviewRevisions: document.review_revisions.map(toRevision),
    damagesVersion: document.damages_version,
    searchTerms: document.search_terms,
    smsDelivery: document.sms_delivery,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
    lastActivityAt: document.last_activity_at,
  };
}

/** The fields the CSV export reads of a session, and no others. */
const EXPORT_PROJECTION = {
  status: 1,
  theme: 1,
  language: 1,
  created_at: 1,
  completed_at: 1,
  'vehicle.vin': 1,
  'vehicle.year': 1,
  'vehicle.make': 1,
  'vehicle.model': 1,
  'vehicle.odomReading': 1,
  options: 1,
  'results.vehicle.vin_match': 1,
  'results.inspection.grade': 1,
  'results.inspection.total_damages': 1,
  'results.inspection.reviewed_by': 1,
} as const;

type ExportDocument = Pick<
  InspectionSessionDocument,
  '_id' | 'status' | 'theme' | 'language' | 'created_at' | 'completed_at' | 'vehicle' | 'options' | 'results'
>;

function toExportSource(document: ExportDocument): SessionExportSource {
  const { vin, year, make, model, odomReading } = document.vehicle;
  return {
    key: document._id,
    status: document.status,
    theme: document.theme,
    language: document.language,
    createdAt: document.created_at,
    completedAt: document.completed_at,
    vehicle: { vin, year, make, model, odomReading },
    options: document.options,
    // MongoDB leaves out a field whose projected parts it does not hold: an open session's null results.
    results: document.results ?? null,
  };
}

/** The stored name and shape of each field a write may change (SessionChanges); a photo slot is set by its code alone. */
const CHANGE_FIELDS: StoredFields<Omit<SessionChanges, 'photo'>, InspectionSessionDocument> = {
  theme: 'theme',
  status: 'status',
  redirectUrl: 'redirect_url',
  language: 'language',
  options: 'options',
  vehicle: 'vehicle',
  location: ['location', locationDocument],
  typedVin: ['typed_vin', (typed) => typed && { vin: typed.vin, typed_at: typed.typedAt }],
  capturedOdometer: ['captured_odometer', odometerDocument],
  expirationHours: 'expiration_hours',
  expiresAt: 'expires_at',
  inspectStartedAt: 'inspect_started_at',
  inspectEndedAt: 'inspect_ended_at',
  results: 'results',
  completedAt: 'completed_at',
  reviewPending: 'review_pending',
  detectorRan: 'detector_ran',
  detectorUnanalysed: 'detector_unanalysed',
  reviewedBy: 'reviewed_by',
  reviewedAt: 'reviewed_at',
  reportStarted: 'report_started',
  reportLink: ['report_link', (link) => link && { token: link.token, expires_at: link.expiresAt }],
  reviewReopened: 'review_reopened',
  revisionStarted: 'revision_started',
  reviewRevisions: ['review_revisions', (revisions) => revisions.map(revisionDocument)],
  damagesVersion: 'damages_version',
  searchTerms: 'search_terms',
  smsDelivery: 'sms_delivery',
  updatedAt: 'updated_at',
  lastActivityAt: 'last_activity_at',
};

/** The $set of a write: the stored names and shapes of `changes`, with a photo slot set by its code alone. */
function changesDocument(changes: SessionChanges): Record<string, unknown> {
  const { photo, ...fields } = changes;
  const set: Record<string, unknown> = storedFields(fields, CHANGE_FIELDS);
  if (photo) set[`photos.${photo.code}`] = slotDocument(photo.slot);
  return set;
}

function toDocument(session: InspectionSession): InspectionSessionDocument {
  const { key, accountId, apiKey, captureToken, captureTokenHash, source, createdWithKey, test, createdAt, photos, ...rest } = session;
  const { captureCount, notesCount, damagesCount, ...changes } = rest;
  return {
    ...(changesDocument(changes) as Omit<InspectionSessionDocument, '_id'>),
    _id: key,
    account_id: storedAccountId(accountId),
    api_key: apiKey,
    capture_token: captureToken,
    capture_token_hash: captureTokenHash,
    photos: Object.fromEntries(Object.entries(photos).map(([code, slot]) => [code, slotDocument(slot)])),
    source,
    created_with_key: createdWithKey,
    test,
    capture_count: captureCount,
    notes_count: notesCount,
    damages_count: damagesCount,
    created_at: createdAt,
  };
}

/** Further conditions of a compare-and-set write (updateIfStatus), named for what they mean rather than how they are stored. */
export interface SessionCondition {
  /** The session belongs to this API key's account. */
  apiKey?: string;
  /** The completed review is reopened for a correction (true) or not (false). */
  reviewReopened?: boolean;
  /** The completion of the reopened review that has begun, by its start token; null: none has begun. */
  revisionStarted?: string | null;
  /** The session is not waiting for a person's review. */
  reviewNotPending?: true;
  /** The damage records are still the ones read with this `damages_version`. */
  damagesVersion?: string;
}

function conditionFilter(condition: SessionCondition): Filter<InspectionSessionDocument> {
  const filter: Filter<InspectionSessionDocument> = {};
  if (condition.apiKey !== undefined) filter.api_key = condition.apiKey;
  if (condition.reviewReopened !== undefined) filter.review_reopened = condition.reviewReopened ? { $ne: null } : null;
  if (condition.revisionStarted !== undefined) filter.revision_started = condition.revisionStarted;
  if (condition.reviewNotPending) filter.review_pending = { $ne: true };
  if (condition.damagesVersion !== undefined) filter.damages_version = condition.damagesVersion;
  return filter;
}

/** The stored name of each counter. */
const COUNTER_FIELDS = { notesCount: 'notes_count', damagesCount: 'damages_count', captureCount: 'capture_count' } as const satisfies Record<
  SessionCounter,
  keyof InspectionSessionDocument
>;

export class InspectionSessionStore {
  private readonly collection: Collection<InspectionSessionDocument>;

  private readonly atomicFindAndModify: boolean;

  private readonly uniqueIndexes: boolean;

  constructor(db: Db, server: Partial<ServerTraits> = PLAIN_SERVER) {
    this.collection = db.collection<InspectionSessionDocument>('inspection_sessions');
    this.atomicFindAndModify = server.atomicFindAndModify ?? false;
    this.uniqueIndexes = server.uniqueIndexes ?? false;
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, last_activity_at: -1, _id: -1 });
    // The search and the export: one account's sessions, newest first.
    await this.collection.createIndex({ api_key: 1, created_at: -1, _id: -1 });
    // A capture token and a report link open exactly one session: unique where the server keeps that cheaply
    // (ServerTraits.uniqueIndexes); elsewhere their 256 and 192 random bits keep them apart.
    const unique = this.uniqueIndexes;
    await ensureIndex(this.collection, { capture_token_hash: 1 }, { name: 'capture_token_hash_1', unique });
    await this.collection.createIndex({ status: 1, expires_at: 1 });
    await ensureIndex(
      this.collection,
      { 'report_link.token': 1 },
      { name: 'report_link.token_1', unique, partialFilterExpression: { 'report_link.token': { $type: 'string' } } },
    );
  }

  async insert(session: InspectionSession): Promise<void> {
    await this.collection.insertOne(toDocument(session));
  }

  /** Tenant-scoped read: a session of another account is indistinguishable from none. */
  findForAccount(apiKey: string, sessionKey: string): Promise<InspectionSession | null> {
    return this.findOne({ _id: sessionKey, api_key: apiKey });
  }

  findByCaptureTokenHash(hash: string): Promise<InspectionSession | null> {
    return this.findOne({ capture_token_hash: hash });
  }

  findByReportLinkToken(token: string): Promise<InspectionSession | null> {
    return this.findOne({ 'report_link.token': token });
  }

  findByKey(sessionKey: string): Promise<InspectionSession | null> {
    return this.findOne({ _id: sessionKey });
  }

  private async findOne(filter: Filter<InspectionSessionDocument>): Promise<InspectionSession | null> {
    const found = await this.collection.findOne(filter);
    return found && toSession(found);
  }

  /**
   * The compare-and-set write behind every status move and every status-bound change: applies `set` only while
   * the session is in one of `from`, and returns the updated document, or null when another write got there first.
   */
  async updateIfStatus(
    sessionKey: string,
    from: readonly SessionStatus[],
    changes: SessionChanges,
    condition: SessionCondition = {},
  ): Promise<InspectionSession | null> {
    const withActivity = changes.updatedAt && changes.lastActivityAt === undefined ? { ...changes, lastActivityAt: changes.updatedAt } : changes;
    const set = changesDocument(withActivity);
    const filter = { ...conditionFilter(condition), _id: sessionKey, status: { $in: [...from] } };
    // On MongoDB one findOneAndUpdate is the compare-and-set and returns the session as written. The embedded server
    // does not isolate it, so there a conditional updateOne is the compare-and-set and a read returns the session.
    if (this.atomicFindAndModify) {
      const updated = await this.collection.findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after' });
      return updated && toSession(updated);
    }
    const { modifiedCount } = await this.collection.updateOne(filter, { $set: set });
    if (modifiedCount !== 1) return null;
    return this.findByKey(sessionKey);
  }

  /**
   * Takes one of `limit` slots of `counter` while the session is in one of `statuses`: a single conditional `$inc`,
   * so concurrent requests can never take more slots than the limit. False when the session is in another status
   * or every slot is taken.
   */
  async takeSlot(
    sessionKey: string,
    counter: SessionCounter,
    limit: number,
    statuses: readonly SessionStatus[],
    /** The session's last activity moves to this time in the same write (a note: no other write touches the session). */
    activityAt?: Date,
  ): Promise<boolean> {
    const field = COUNTER_FIELDS[counter];
    const update = activityAt ? { $inc: { [field]: 1 }, $set: { last_activity_at: activityAt } } : { $inc: { [field]: 1 } };
    const { modifiedCount } = await this.collection.updateOne({ _id: sessionKey, status: { $in: [...statuses] }, [field]: { $lt: limit } }, update);
    return modifiedCount === 1;
  }

  /** Records what became of the session's SMS invitation; not a change of the representation (updated_at stays). */
  async setSmsDelivery(sessionKey: string, delivery: SmsDelivery): Promise<void> {
    await this.collection.updateOne({ _id: sessionKey }, { $set: { sms_delivery: delivery } });
  }

  /** Gives back a slot taken for a write that then failed. */
  async releaseSlot(sessionKey: string, counter: SessionCounter): Promise<void> {
    const field = COUNTER_FIELDS[counter];
    await this.collection.updateOne({ _id: sessionKey, [field]: { $gt: 0 } }, { $inc: { [field]: -1 } });
  }

  async deleteIfStatus(apiKey: string, sessionKey: string, status: SessionStatus): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ _id: sessionKey, api_key: apiKey, status });
    return deletedCount === 1;
  }

  /**
   * A page of the account's sessions, latest activity first, after the (last_activity_at, key) cursor. `search`
   * matches, case-insensitively, part of the session key, the vehicle's VIN or the integrator's client id; a
   * regular expression on three fields of one account's sessions, which every server we run on evaluates alike.
   */
  async page(apiKey: string, options: SessionPageQuery): Promise<InspectionSession[]> {
    const conditions: Filter<InspectionSessionDocument>[] = [{ api_key: apiKey }, options.test ? { test: true } : { test: { $ne: true } }];
    if (options.status) conditions.push({ status: options.status });
    if (typeof options.awaitingReview === 'boolean') conditions.push(awaitingReviewCondition(options.awaitingReview));
    if (options.search) {
      const pattern = new RegExp(escapeRegExp(options.search), 'i');
      conditions.push({ $or: [{ _id: pattern }, { 'vehicle.vin': pattern }, { 'options.clientId': pattern }] });
    }
    if (options.after) {
      const { lastActivityAt, key } = options.after;
      conditions.push({ $or: [{ last_activity_at: { $lt: lastActivityAt } }, { last_activity_at: lastActivityAt, _id: { $lt: key } }] });
    }
    const found = await this.collection
      .find({ $and: conditions })
      .sort({ last_activity_at: -1, _id: -1 })
      .limit(options.first + 1)
      .toArray();
    return found.map(toSession);
  }

  /** A page of the search (docs/rest-guide.md "Finding sessions"): newest first, one more than `limit` to tell if more follow. */
  async search(apiKey: string, filters: SessionSearchFilters): Promise<InspectionSession[]> {
    const found = await this.collection
      .find(searchQuery(apiKey, filters))
      .sort({ created_at: -1, _id: -1 })
      .limit(filters.limit + 1)
      .toArray();
    return found.map(toSession);
  }

  /**
   * Every session the filters find, newest first, with what a CSV row needs, read in batches as the caller consumes
   * them (the CSV export). `limit` and the cursor of the filters do not apply.
   */
  exportCursor(apiKey: string, filters: SessionSearchFilters, batchSize = 200): AsyncIterable<SessionExportSource> & { close(): Promise<void> } {
    return this.collection
      .find<ExportDocument>(searchQuery(apiKey, { ...filters, after: null }), { projection: EXPORT_PROJECTION, batchSize })
      .sort({ created_at: -1, _id: -1 })
      .map(toExportSource);
  }

  /** Sessions idle past their deadline, oldest first. */
  async findExpirable(statuses: readonly SessionStatus[], now: Date, limit: number): Promise<InspectionSession[]> {
    const found = await this.collection
      .find({ status: { $in: [...statuses] }, expires_at: { $lt: now } })
      .sort({ expires_at: 1 })
      .limit(limit)
      .toArray();
    return found.map(toSession);
  }

  /** Sessions in `status` untouched since `updatedBefore`; a CONFIRM session waiting for a person is not stuck. */
  async findInStatusSince(status: SessionStatus, updatedBefore: Date, limit: number): Promise<InspectionSession[]> {
    const found = await this.collection
      .find({ status, updated_at: { $lt: updatedBefore }, review_pending: { $ne: true } })
      .limit(limit)
      .toArray();
    return found.map(toSession);
  }
}

/** true: confirmed sessions waiting for a person's review; false: every other session. */
function awaitingReviewCondition(awaiting: boolean): Filter<InspectionSessionDocument> {
  return awaiting ? { status: 'CONFIRM', review_pending: true } : { $or: [{ status: { $ne: 'CONFIRM' } }, { review_pending: { $ne: true } }] };
}

/**
 * The search as one query of plain conditions ($and, $or, $in, $ne, ranges, a case-insensitive regular expression on
 * an array of strings), which the embedded server and MongoDB evaluate alike; always within one account.
 */
function searchQuery(apiKey: string, filters: SessionSearchFilters): Filter<InspectionSessionDocument> {
  const conditions: Filter<InspectionSessionDocument>[] = [{ api_key: apiKey }];
  conditions.push(filters.test ? { test: true } : { test: { $ne: true } });
  if (filters.statuses) conditions.push({ status: { $in: filters.statuses } });
  if (filters.awaitingReview !== null) conditions.push(awaitingReviewCondition(filters.awaitingReview));
  if (filters.createdFrom) conditions.push({ created_at: { $gte: filters.createdFrom } });
  if (filters.createdBefore) conditions.push({ created_at: { $lt: filters.createdBefore } });
  if (filters.updatedSince) conditions.push({ updated_at: { $gte: filters.updatedSince } });
  if (filters.text) {
    const { words, digits } = filters.text;
    const patterns = [words, ...(digits && digits !== words ? [digits] : [])].map((text) => new RegExp(escapeRegExp(text), 'i'));
    conditions.push({ $or: patterns.map((pattern) => ({ search_terms: pattern })) });
  }
  if (filters.after) {
    const { createdAt, key } = filters.after;
    conditions.push({ $or: [{ created_at: { $lt: createdAt } }, { created_at: createdAt, _id: { $lt: key } }] });
  }
  return { $and: conditions };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
