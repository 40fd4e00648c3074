// Photo captures: every upload of a session, accepted or rejected; retakes add a capture, never overwrite one.
import type { Collection, Db } from 'mongodb';
import type { RejectionCode } from '../domain/rejection-codes.js';
import type { VehicleBox, VehicleCheck } from '../domain/vehicle-check.js';
import { ensureIndex } from './indexes.js';
import { PLAIN_SERVER, type ServerTraits } from './server-traits.js';

export interface CaptureDocument {
  _id: string;
  session_key: string;
  api_key: string;
  photo_code: number;
  photo_label: string;
  /** File store key of the original upload; kept only for accepted photos (docs/limits.md). */
  file_key: string | null;
  /** File store keys of the JPEG thumbnails (docs/capture.md); a rejected upload keeps only `thumb_key`. */
  medium_key: string | null;
  thumb_key: string | null;
  /** Unguessable path segment under /photos/; null when nothing of the upload was kept. */
  url_token: string | null;
  mime_type: string | null;
  size_bytes: number;
  width: number | null;
  height: number | null;
  hash: string | null;
  approved: boolean;
  reason: string | null;
  /** Why it was rejected, as a code (docs/capture.md); null when approved (and on rejections made before codes existed). */
  rejection_code: RejectionCode | null;
  metrics: Record<string, number>;
  /** The VIN read from the barcode of an accepted VIN photo (photo code 1); null when none was readable. */
  decoded_vin: string | null;
  /** The vehicle check's flag on an exterior view (docs/capture.md#vehicle-check); null when not checked. */
  vehicle_check: VehicleCheck | null;
  /** The vehicle the flag is about, in fractions of the photo; null when none was found or not checked. */
  vehicle_box: VehicleBox | null;
  /** The mileage read from an accepted cluster photo (photo code 3, docs/capture.md#odometer-reading); null when none was read. */
  odometer_suggested: number | null;
  created_at: Date;
  updated_at: Date;
}

export class CaptureStore {
  private readonly collection: Collection<CaptureDocument>;

  private readonly uniqueIndexes: boolean;

  constructor(db: Db, server: Partial<ServerTraits> = PLAIN_SERVER) {
    this.collection = db.collection<CaptureDocument>('captures');
    this.uniqueIndexes = server.uniqueIndexes ?? false;
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
    // A photo URL's token opens one photo: unique where the server keeps that cheaply (ServerTraits.uniqueIndexes);
    // elsewhere its 192 random bits keep tokens apart.
    await ensureIndex(
      this.collection,
      { url_token: 1 },
      { name: 'url_token_1', unique: this.uniqueIndexes, partialFilterExpression: { url_token: { $type: 'string' } } },
    );
  }

  async insert(capture: CaptureDocument): Promise<void> {
    await this.collection.insertOne(capture);
  }

  listForSession(apiKey: string, sessionKey: string): Promise<CaptureDocument[]> {
    return this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray();
  }

  findByUrlToken(token: string): Promise<CaptureDocument | null> {
    return this.collection.findOne({ url_token: token });
  }

  async delete(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }

  async deleteForSession(apiKey: string, sessionKey: string): Promise<void> {
    await this.collection.deleteMany({ api_key: apiKey, session_key: sessionKey });
  }
}
