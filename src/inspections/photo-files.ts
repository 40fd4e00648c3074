// Photo bytes in GridFS, so the images live in the same database as everything else.
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';
import type { Readable } from 'node:stream';

export class PhotoFiles {
  private readonly bucket: GridFSBucket;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'photos' });
  }

  save(bytes: Buffer, metadata: { sessionKey: string; photoCode: number; contentType: string }): Promise<ObjectId> {
    return new Promise((resolve, reject) => {
      const upload = this.bucket.openUploadStream(`${metadata.sessionKey}-${metadata.photoCode}`, { metadata });
      upload.once('error', reject);
      upload.once('finish', () => resolve(upload.id));
      upload.end(bytes);
    });
  }

  open(fileId: ObjectId): Readable {
    return this.bucket.openDownloadStream(fileId);
  }

  async delete(fileId: ObjectId): Promise<void> {
    await this.bucket.delete(fileId).catch(() => undefined);
  }
}
