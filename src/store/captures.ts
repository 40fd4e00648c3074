// Photo captures: every upload of a session, accepted or rejected; retakes add a capture, never overwrite one.
// Documents are mapped to Capture records (domain/capture.ts) here, so nothing outside the store knows the stored shape.
import type { Collection, Db } from 'mongodb';
import type { Capture } from '../domain/capture.js';
import type { RejectionCode } from '../domain/rejection-codes.js';
import type { VehicleBox, VehicleCheck } from '../domain/vehicle-check.js';
import { ensureIndex } from './indexes.js';
import { PLAIN_SERVER, type ServerTraits } from './server-traits.js';

interface CaptureDocument {
  _id: string;
  session_key: string;
  api_key: string;
  photo_code: number;
  photo_label: string;
  /** Migration 014 gave captures stored before the keys null ones. */
  file_key: string | null;
  medium_key: string | null;
  thumb_key: string | null;
  url_token: string | null;
  mime_type: string | null;
  size_bytes: number;
  width: number | null;
  height: number | null;
  hash: string | null;
  approved: boolean;
  reason: string | null;
  /** Null when approved; migration 024 gave rejections stored before codes existed the code of their reason. */
  rejection_code: RejectionCode | null;
  metrics: Record<string, number>;
  /** Migration 010 gave captures stored before the VIN reading and the vehicle check null ones, 011 the odometer's. */
  decoded_vin: string | null;
  vehicle_check: VehicleCheck | null;
  vehicle_box: VehicleBox | null;
  odometer_suggested: number | null;
  created_at: Date;
  updated_at: Date;
}

function toCapture(document: CaptureDocument): Capture {
  return {
    id: document._id,
    sessionKey: document.session_key,
    apiKey: document.api_key,
    photoCode: document.photo_code,
    photoLabel: document.photo_label,
    fileKey: document.file_key,
    mediumKey: document.medium_key,
    thumbKey: document.thumb_key,
    urlToken: document.url_token,
    mimeType: document.mime_type,
    sizeBytes: document.size_bytes,
    width: document.width,
    height: document.height,
    hash: document.hash,
    approved: document.approved,
    reason: document.reason,
    rejectionCode: document.rejection_code,
    metrics: document.metrics,
    decodedVin: document.decoded_vin,
    vehicleCheck: document.vehicle_check,
    vehicleBox: document.vehicle_box,
    odometerSuggested: document.odometer_suggested,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

function toDocument(capture: Capture): CaptureDocument {
  return {
    _id: capture.id,
    session_key: capture.sessionKey,
    api_key: capture.apiKey,
    photo_code: capture.photoCode,
    photo_label: capture.photoLabel,
    file_key: capture.fileKey,
    medium_key: capture.mediumKey,
    thumb_key: capture.thumbKey,
    url_token: capture.urlToken,
    mime_type: capture.mimeType,
    size_bytes: capture.sizeBytes,
    width: capture.width,
    height: capture.height,
    hash: capture.hash,
    approved: capture.approved,
    reason: capture.reason,
    rejection_code: capture.rejectionCode,
    metrics: capture.metrics,
    decoded_vin: capture.decodedVin,
    vehicle_check: capture.vehicleCheck,
    vehicle_box: capture.vehicleBox,
    odometer_suggested: capture.odometerSuggested,
    created_at: capture.createdAt,
    updated_at: capture.updatedAt,
  };
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

  async insert(capture: Capture): Promise<void> {
    await this.collection.insertOne(toDocument(capture));
  }

  async listForSession(apiKey: string, sessionKey: string): Promise<Capture[]> {
    return (await this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray()).map(toCapture);
  }

  async findByUrlToken(token: string): Promise<Capture | null> {
    const found = await this.collection.findOne({ url_token: token });
    return found && toCapture(found);
  }

  async delete(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }

  async deleteForSession(apiKey: string, sessionKey: string): Promise<void> {
    await this.collection.deleteMany({ api_key: apiKey, session_key: sessionKey });
  }
}
