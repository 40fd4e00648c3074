// The FileStore port's contract (src/storage/file-store.ts), run against both stores: the filesystem store in a
// temporary folder and the s3 store against a real S3-compatible server (s3rver) started here.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../src/storage/file-store.js';
import { FilesystemStore } from '../../src/storage/filesystem-store.js';
import { S3Store } from '../../src/storage/s3-store.js';
import { openFileStore } from '../../src/storage/open-file-store.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { folderUsage } from '../support/folder-usage.js';

let folder: string;
let localS3: LocalS3;
let s3Store: S3Store;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'file-store-contract-'));
  localS3 = await startLocalS3();
  s3Store = new S3Store({
    endpoint: localS3.endpoint,
    bucket: localS3.bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: localS3.environment.S3_ACCESS_KEY_ID!, secretAccessKey: localS3.environment.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: true,
  });
}, 30_000);

afterAll(async () => {
  s3Store?.close();
  await localS3?.close();
  await rm(folder, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes as a stream of 64 KB chunks, like a request body arriving. */
function chunked(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 65_536) chunks.push(bytes.subarray(offset, offset + 65_536));
  return Readable.from(chunks);
}

/** A stream that gives some bytes and then fails, like a client that disconnects mid-upload. */
function failingAfter(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(bytes);
      } else {
        this.destroy(new Error('client went away'));
      }
    },
  });
}

const stores: [string, () => FileStore][] = [
  ['filesystem', () => new FilesystemStore(folder)],
  ['s3', () => s3Store],
];

describe.each(stores)('the %s file store', (_name, storeOf) => {
  const key = (name: string) => `photos/contract-${randomBytes(4).toString('hex')}/${name}`;

  it('gives back exactly the bytes put from a buffer, with their size', async () => {
    const store = storeOf();
    const bytes = randomBytes(300_000);
    const path = key('original.jpg');
    expect(await store.put(path, bytes, { contentType: 'image/jpeg' })).toEqual({ size: bytes.length });
    const opened = await store.open(path);
    expect(opened?.size).toBe(bytes.length);
    expect((await readAll(opened!.body)).equals(bytes)).toBe(true);
  });

  it('stores a stream of unknown length (several MB, a multipart upload on S3) byte for byte', async () => {
    const store = storeOf();
    const bytes = randomBytes(7 * 1024 * 1024 + 123);
    const path = key('report.pdf');
    expect(await store.put(path, chunked(bytes), { contentType: 'application/pdf' })).toEqual({ size: bytes.length });
    const opened = await store.open(path);
    expect(opened?.size).toBe(bytes.length);
    expect((await readAll(opened!.body)).equals(bytes)).toBe(true);
  }, 30_000);

  it('replaces what was stored under a key', async () => {
    const store = storeOf();
    const path = key('thumb.jpg');
    await store.put(path, Buffer.from('first version'), { contentType: 'image/jpeg' });
    await store.put(path, Buffer.from('second'), { contentType: 'image/jpeg' });
    const opened = await store.open(path);
    expect(opened?.size).toBe(6);
    expect((await readAll(opened!.body)).toString()).toBe('second');
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storeOf().open(key('missing.jpg'))).toBeNull();
  });

  it('deletes a key; deleting a missing key is not an error', async () => {
    const store = storeOf();
    const path = key('medium.jpg');
    await store.put(path, randomBytes(1000), { contentType: 'image/jpeg' });
    await store.delete(path);
    expect(await store.open(path)).toBeNull();
    await expect(store.delete(path)).resolves.toBeUndefined();
    await expect(store.delete(key('never-stored.jpg'))).resolves.toBeUndefined();
  });

  it('keeps the previous bytes when a streamed upload fails midway, and leaves no partial file under the key', async () => {
    const store = storeOf();
    const path = key('original.png');
    await store.put(path, Buffer.from('kept'), { contentType: 'image/png' });
    await expect(store.put(path, failingAfter(randomBytes(100_000)), { contentType: 'image/png' })).rejects.toThrow();
    const opened = await store.open(path);
    expect((await readAll(opened!.body)).toString()).toBe('kept');
    const fresh = key('never-finished.png');
    await expect(store.put(fresh, failingAfter(randomBytes(100_000)), { contentType: 'image/png' })).rejects.toThrow();
    expect(await store.open(fresh)).toBeNull();
  });

  it.each(['../outside', '/etc/passwd', 'photos//x', 'photos/../../x', 'photos/./x', '', 'a\\b', 'photos/x?y'])(
    'refuses the key %j for every operation',
    async (bad) => {
      const store = storeOf();
      await expect(store.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid file store key/);
      await expect(store.open(bad)).rejects.toThrow(/Invalid file store key/);
      await expect(store.delete(bad)).rejects.toThrow(/Invalid file store key/);
    },
  );
});

describe('the filesystem store on disk', () => {
  it('writes nothing outside its folder and leaves no temporary files behind', async () => {
    const usage = await folderUsage(folder);
    expect(usage.files.every((file) => file.startsWith('photos/contract-'))).toBe(true);
    expect(usage.files.some((file) => file.includes('.partial'))).toBe(false);
  });
});

describe('opening the s3 store', () => {
  const s3Config = (overrides: Record<string, unknown>) => ({
    photoStore: {
      kind: 's3' as const,
      endpoint: localS3.endpoint,
      bucket: localS3.bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      ...overrides,
    },
  });

  it('opens against a reachable bucket', async () => {
    const opened = await openFileStore(s3Config({}));
    expect(opened.store.kind).toBe('s3');
    await opened.close();
  });

  it('fails at start-up, naming the bucket, when the bucket does not exist', async () => {
    await expect(openFileStore(s3Config({ bucket: 'no-such-bucket' }))).rejects.toThrow(/"no-such-bucket" cannot be reached/);
  });

  it('fails at start-up with credentials the service refuses, without ever showing the secret', async () => {
    const secret = `wrong-secret-${randomBytes(8).toString('hex')}`;
    const failure = await openFileStore(s3Config({ credentials: { accessKeyId: 'UNKNOWN-KEY', secretAccessKey: secret } })).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/cannot be reached/);
    expect(`${(failure as Error).message}\n${(failure as Error).stack}`).not.toContain(secret);
  });
});
