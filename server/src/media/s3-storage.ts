import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  CreateBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { DependencyUnavailableError } from '../shared/errors.js';
import { checkKey, PHOTO_PREFIXES, type PhotoStorage } from './storage.js';

export class S3Storage implements PhotoStorage {
  private readonly client: S3Client;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly opts: Config['s3']) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // A store that does not answer ends the request within seconds instead of holding it.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
      maxAttempts: 2,
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

  /** A network failure or a 5xx of the store: it is down, which requests answer as 503 (http/outages.ts). */
  private async send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === undefined || status >= 500) throw new DependencyUnavailableError('storage', err);
      throw err;
    }
  }

  async check(): Promise<void> {
    await this.send(() => this.ensureBucket());
    // Asked every time: the bucket found once says nothing about the store now.
    await this.send(() => this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket })));
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    await this.send(() => this.ensureBucket());
    // A single PUT is atomic in S3: the object appears whole or not at all.
    await this.send(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: body, ContentType: contentType })),
    );
  }

  async get(key: string): Promise<Readable | null> {
    checkKey(key);
    await this.send(() => this.ensureBucket());
    try {
      const res = await this.send(() => this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key })));
      return res.Body instanceof Readable ? res.Body : null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    checkKey(key);
    await this.send(() => this.ensureBucket());
    try {
      await this.send(() => this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key })));
      return true;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw err;
    }
  }

  async *list(): AsyncIterable<string> {
    await this.send(() => this.ensureBucket());
    for (const prefix of PHOTO_PREFIXES) {
      let token: string | undefined;
      do {
        const page = await this.send(() =>
          this.client.send(new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token })),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.ensureBucket();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }
}
