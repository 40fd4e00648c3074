// The file store on any S3-compatible service (AWS S3, Cloudflare R2, MinIO). Buffers go up in one PutObject with
// their length; streams go through the SDK's multipart Upload, so an upload of unknown length is never held whole.
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Transform, type Readable } from 'node:stream';
import type { S3StoreConfig } from '../config.js';
import { assertValidKey, type FileStore, type StoredFile } from './file-store.js';

export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Omit<S3StoreConfig, 'kind'>) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: { accessKeyId: config.credentials.accessKeyId, secretAccessKey: config.credentials.secretAccessKey } } : {}),
      // Checksums on every request are the SDK's newer default; several S3-compatible services reject them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Fails start-up early, with the bucket and the service's answer, when the bucket cannot be reached. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : (error as Error).message;
      throw new Error(`The photo store bucket "${this.bucket}" cannot be reached: ${reason}`);
    }
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<{ size: number }> {
    assertValidKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: options.contentType }));
      return { size: body.length };
    }
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    body.once('error', (error) => counted.destroy(error));
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body.pipe(counted), ContentType: options.contentType } });
    await upload.done();
    return { size };
  }

  async open(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
