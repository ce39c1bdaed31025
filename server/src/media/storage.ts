import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  CreateBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';

/** Where photo files live. Keys are relative paths such as `originals/ab/….jpg`. */
export interface PhotoStorage {
  /** Writes the whole object atomically: readers see the old state or the complete new file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Deletes; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
function checkKey(key: string): void {
  // Keys are made by us, but a URL-derived key must never climb out of the storage root.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
}

export class FsStorage implements PhotoStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    checkKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename: rename is atomic within one file system. Keys are
    // unique per upload, so one fixed temp name per key is enough, and delete() can find it.
    const temp = `${target}.tmp`;
    await fs.promises.writeFile(temp, body);
    await fs.promises.rename(temp, target);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await fs.promises.access(file);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    // A crash mid-write leaves the temp file behind; it belongs to the key as well.
    await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.tmp`, { force: true })]);
  }
}

export class S3Storage implements PhotoStorage {
  private readonly client: S3Client;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly opts: Config['s3']) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
      } catch {
        // Another process may create it at the same moment; either way it exists afterwards.
        await this.client.send(new CreateBucketCommand({ Bucket: this.opts.bucket })).catch(async (err: unknown) => {
          await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket })).catch(() => Promise.reject(err));
        });
      }
    })().catch((err: unknown) => {
      // Not cached: a store that was down at the first request must be tried again at the next.
      this.bucketReady = null;
      throw err;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    await this.ensureBucket();
    // A single PUT is atomic in S3: the object appears whole or not at all.
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable | null> {
    checkKey(key);
    await this.ensureBucket();
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return res.Body instanceof Readable ? res.Body : null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.ensureBucket();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }
}

export function createStorage(config: Config): PhotoStorage {
  return config.storage === 's3' ? new S3Storage(config.s3) : new FsStorage(path.join(config.dataDir, 'photos'));
}
