// The mail queue: every mail the service means to send is stored before it is sent, so a restart loses none, and it
// stays as the record of what was sent, logged or failed (the session's timeline in the dashboard reads it). Documents
// are mapped to MailRecords (domain/mail.ts) here; the lease fields stay the store's.
import type { Collection, Db } from 'mongodb';
import type { MailKind } from '../domain/mail-texts.js';
import type { MailRecord, MailStatus, NewMail } from '../domain/mail.js';

interface MailDocument {
  _id: string;
  api_key: string;
  session_key: string | null;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  /** Until when the instance that claimed the mail may send it; another instance takes it over after that. */
  lease_expires_at: Date;
  lease_owner: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRecord(document: MailDocument): MailRecord {
  return {
    id: document._id,
    apiKey: document.api_key,
    sessionKey: document.session_key,
    kind: document.kind,
    to: document.to,
    subject: document.subject,
    text: document.text,
    status: document.status,
    attempts: document.attempts,
    lastError: document.last_error,
    nextAttemptAt: document.next_attempt_at,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

export class MailStore {
  private readonly collection: Collection<MailDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MailDocument>('mails');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ status: 1, next_attempt_at: 1 });
    await this.collection.createIndex({ api_key: 1, session_key: 1, created_at: 1 });
  }

  async enqueue(mails: readonly NewMail[], now: Date): Promise<void> {
    if (mails.length === 0) return;
    await this.collection.insertMany(
      mails.map((mail) => ({
        _id: mail.id,
        api_key: mail.apiKey,
        session_key: mail.sessionKey,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        status: 'queued' as const,
        attempts: 0,
        last_error: null,
        next_attempt_at: now,
        lease_expires_at: now,
        lease_owner: null,
        created_at: now,
        updated_at: now,
      })),
    );
  }

  /**
   * Leases up to `limit` due mails to `owner`: one conditional updateMany (a mail another instance leased meanwhile
   * no longer matches), then a read of what this claim got, so of several instances exactly one sends each mail.
   */
  async claimDue(owner: string, now: Date, leaseMs: number, limit: number): Promise<MailRecord[]> {
    const due = { status: 'queued' as const, next_attempt_at: { $lte: now }, lease_expires_at: { $lte: now } };
    const candidates = await this.collection
      .find(due, { projection: { _id: 1 } })
      .sort({ next_attempt_at: 1 })
      .limit(limit)
      .toArray();
    if (candidates.length === 0) return [];
    const ids = candidates.map((candidate) => candidate._id);
    const lease = { lease_owner: owner, lease_expires_at: new Date(now.getTime() + leaseMs) };
    const { modifiedCount } = await this.collection.updateMany({ _id: { $in: ids }, ...due }, { $set: lease });
    if (modifiedCount === 0) return [];
    const claimed = await this.collection.find({ _id: { $in: ids }, lease_owner: owner, status: 'queued' }).toArray();
    return claimed.map(toRecord);
  }

  /** Ends `owner`'s claim with the outcome; a no-op when the lease was lost meanwhile. */
  async settle(
    id: string,
    owner: string,
    outcome: { status: MailStatus; attempts: number; lastError: string | null; nextAttemptAt: Date },
    now: Date,
  ): Promise<void> {
    await this.collection.updateOne(
      { _id: id, lease_owner: owner, status: 'queued' },
      {
        $set: {
          status: outcome.status,
          attempts: outcome.attempts,
          last_error: outcome.lastError,
          next_attempt_at: outcome.nextAttemptAt,
          lease_owner: null,
          lease_expires_at: now,
          updated_at: now,
        },
      },
    );
  }

  /** The mails about one session of the account, oldest first. */
  async listForSession(apiKey: string, sessionKey: string): Promise<MailRecord[]> {
    const documents = await this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).limit(100).toArray();
    return documents.map(toRecord);
  }
}
