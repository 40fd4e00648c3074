// The sign_in_failures collection: the password checks a username may still have in the sign-in window, shared by
// every instance. Each check first reserves one of a fixed number of slots, one document per slot (`<username>#<n>`):
// the unique _id makes the reservation atomic on MongoDB and on the embedded database alike, so concurrent attempts
// cannot all read "fewer than five" and all go on to check a password. A failed check keeps its slot for the window;
// a successful sign-in frees them all.
import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from './database.js';

interface SignInFailureDocument {
  /** `<username>#<slot>`. */
  _id: string;
  username: string;
  /** When the slot was taken; it is free again once the window has passed since. */
  at: Date;
}

export type CheckReservation = { reserved: true } | { reserved: false; retryAt: Date };

export class SignInFailureStore {
  private readonly collection: Collection<SignInFailureDocument>;

  constructor(db: Db) {
    this.collection = db.collection<SignInFailureDocument>('sign_in_failures');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username: 1, at: 1 });
    // Clean-up only (a day is far beyond any window); reservations always compare times themselves.
    await this.collection.createIndex({ at: 1 }, { expireAfterSeconds: 24 * 60 * 60 });
  }

  /**
   * Takes a free slot for one password check: at most `slots` per username within any `windowMs`. A slot taken at t
   * is free again after t + windowMs; when none is free, `retryAt` says when the oldest one will be.
   */
  async reserve(username: string, now: Date, windowMs: number, slots: number): Promise<CheckReservation> {
    await this.collection.deleteMany({ username, at: { $lte: new Date(now.getTime() - windowMs) } });
    for (let slot = 0; slot < slots; slot += 1) {
      try {
        await this.collection.insertOne({ _id: `${username}#${slot}`, username, at: now });
        return { reserved: true };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    const [oldest] = await this.collection.find({ username }).sort({ at: 1 }).limit(1).toArray();
    return { reserved: false, retryAt: new Date((oldest?.at ?? now).getTime() + windowMs) };
  }

  /** Frees every slot of the username (after a successful sign-in). */
  async clear(username: string): Promise<void> {
    await this.collection.deleteMany({ username });
  }
}
