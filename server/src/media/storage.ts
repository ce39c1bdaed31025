import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';

/** Where photo files live. Keys are relative paths such as `originals/ab/….jpg`. */
export interface PhotoStorage {
  /** Writes the whole object atomically: readers see the old state or the complete new file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Deletes; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers and can be written to (the readiness check). */
  check(): Promise<void>;
  /** Whether the object exists now. */
  has(key: string): Promise<boolean>;
  /**
   * Every key under the photo prefixes (`originals/`, `renditions/`), temporary `KEY.tmp` files included,
   * in no set order (backups, `admin check`). Anything else in a shared bucket is not ours to list.
   */
  list(): AsyncIterable<string>;
}

/** The folders (prefixes) photo files live under. */
export const PHOTO_PREFIXES = ['originals/', 'renditions/'] as const;

/** The suffix of a file being written (FsStorage writes KEY.tmp, then renames it to KEY). */
export const TMP_SUFFIX = '.tmp';
/** The key a temporary file belongs to (the key itself when it is not one). */
export const baseKey = (key: string) => (key.endsWith(TMP_SUFFIX) ? key.slice(0, -TMP_SUFFIX.length) : key);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
export function checkKey(key: string): void {
  // Keys are made by us, but a URL-derived key must never climb out of the storage root.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
}

export class FsStorage implements PhotoStorage {
  constructor(private readonly root: string) {}

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  private file(key: string): string {
    checkKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename: rename is atomic within one file system. Keys are
    // unique per upload, so one fixed temp name per key is enough, and delete() can find it.
    const temp = `${target}${TMP_SUFFIX}`;
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

  async has(key: string): Promise<boolean> {
    // Only "no such file" means missing: a file that cannot be read now (EACCES, EIO) is not.
    return fs.promises.stat(this.file(key)).then(
      (s) => s.isFile(),
      (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? false : Promise.reject(err)),
    );
  }

  async *list(): AsyncIterable<string> {
    for (const prefix of PHOTO_PREFIXES) {
      const dir = path.join(this.root, prefix);
      const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      });
      for (const e of entries) {
        if (e.isFile()) yield path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      }
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    // A crash mid-write leaves the temp file behind; it belongs to the key as well.
    await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}${TMP_SUFFIX}`, { force: true })]);
  }
}

/** The S3 client (a few MB of SDK) is loaded only when photos live in S3. */
export async function createStorage(config: Config): Promise<PhotoStorage> {
  if (config.storage !== 's3') return new FsStorage(path.join(config.dataDir, 'photos'));
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.s3);
}
