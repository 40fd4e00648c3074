// Notes attached to a session by the integrator (their username) or by the person capturing (guest).
import type { Collection, Db, ObjectId } from 'mongodb';

export interface NoteDocument {
  _id?: ObjectId;
  session_key: string;
  api_key: string;
  title: string;
  description: string;
  user: string;
  created_at: Date;
}

export class NoteStore {
  private readonly collection: Collection<NoteDocument>;

  constructor(db: Db) {
    this.collection = db.collection<NoteDocument>('notes');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
  }

  async insert(note: NoteDocument): Promise<void> {
    await this.collection.insertOne({ ...note });
  }

  listForSession(apiKey: string, sessionKey: string): Promise<NoteDocument[]> {
    return this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray();
  }
}
