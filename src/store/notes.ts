// Notes attached to a session by the integrator (their username) or by the person capturing (guest). Documents are
// mapped to Note records (domain/notes.ts) here, so nothing outside the store knows the stored shape.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { Note } from '../domain/notes.js';
import { WriteBatcher } from './write-batcher.js';

interface NoteDocument {
  _id?: ObjectId;
  session_key: string;
  api_key: string;
  title: string;
  description: string;
  user: string;
  created_at: Date;
}

function toNote(document: NoteDocument): Note {
  return {
    sessionKey: document.session_key,
    apiKey: document.api_key,
    title: document.title,
    description: document.description,
    user: document.user,
    createdAt: document.created_at,
  };
}

function toDocument(note: Note): NoteDocument {
  return {
    session_key: note.sessionKey,
    api_key: note.apiKey,
    title: note.title,
    description: note.description,
    user: note.user,
    created_at: note.createdAt,
  };
}

export class NoteStore {
  private readonly collection: Collection<NoteDocument>;
  private readonly inserts: WriteBatcher<NoteDocument, undefined>;

  constructor(db: Db) {
    this.collection = db.collection<NoteDocument>('notes');
    this.inserts = new WriteBatcher(async (notes) => {
      await this.collection.insertMany(notes);
      return notes.map(() => undefined);
    });
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
  }

  async insert(note: Note): Promise<void> {
    await this.inserts.submit(toDocument(note));
  }

  /** The session's notes, oldest first; `user` narrows them to one author (e.g. the capture app's guest notes). */
  async listForSession(apiKey: string, sessionKey: string, options: { user?: string } = {}): Promise<Note[]> {
    const notes = await this.collection
      .find(sessionNotes(apiKey, sessionKey, options.user))
      .sort({ created_at: 1 })
      .toArray();
    return notes.map(toNote);
  }

  /** The newest `limit` notes (oldest first) and how many there are, for a bounded report; `user` keeps only that author's. */
  async listNewestForSession(apiKey: string, sessionKey: string, limit: number, user?: string): Promise<{ notes: Note[]; total: number }> {
    const filter = sessionNotes(apiKey, sessionKey, user);
    const [newest, total] = await Promise.all([
      this.collection.find(filter).sort({ created_at: -1 }).limit(limit).toArray(),
      this.collection.countDocuments(filter),
    ]);
    return { notes: newest.reverse().map(toNote), total };
  }
}

/** A session's notes, or only `user`'s among them. */
function sessionNotes(apiKey: string, sessionKey: string, user: string | undefined) {
  return { api_key: apiKey, session_key: sessionKey, ...(user === undefined ? {} : { user }) };
}
