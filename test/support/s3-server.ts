// A real S3-compatible server for tests (s3rver: the S3 REST protocol over HTTP, objects on disk), on a random port
// with one empty bucket. Its fixed credentials are S3RVER / S3RVER and it checks request signatures against them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Client } from '@aws-sdk/client-s3';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the service's `s3` store at this server. */
  environment: Record<string, string>;
  /** A client of our own, for reading the bucket directly. */
  client: S3Client;
  close(): Promise<void>;
}

export const LOCAL_S3_ACCESS_KEY_ID = 'S3RVER';
export const LOCAL_S3_SECRET_ACCESS_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'capture-photos'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'capture-gateway-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_ACCESS_KEY_ID, secretAccessKey: LOCAL_S3_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    environment: {
      PHOTO_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: LOCAL_S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
