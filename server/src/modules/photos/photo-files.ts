import type { Readable } from 'node:stream';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../shared/errors.js';
import type { PhotoStorage } from '../../media/storage.js';
import { renditionKey, storedRenditions } from './photos.presenter.js';
import * as repo from './photos.repository.js';
import { photos as policy } from '../../policies/index.js';

const DAY = 86_400_000;

type FileRefs = Pick<PhotoRow, 'original_key' | 'rendition_hash' | 'renditions'>;

/** The keys of a photo's original and renditions. */
export function photoFileKeys(row: FileRefs): string[] {
  const renditions = row.rendition_hash ? storedRenditions(row).map((r) => renditionKey(row.rendition_hash!, r.edge)) : [];
  return [...(row.original_key ? [row.original_key] : []), ...renditions];
}

/** A photo's files in storage: their keys, serving them, and deleting them once no row points at them. */
export class PhotoFiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: PhotoStorage,
  ) {}

  keysOf(row: FileRefs): string[] {
    return photoFileKeys(row);
  }

  /** Best effort: a file that cannot be deleted now is unreferenced, and `admin check` finds it. */
  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
  }

  put(key: string, data: Buffer, contentType: string): Promise<void> {
    return this.storage.put(key, data, contentType);
  }

  async original(id: number, viewer: AuthUser | null): Promise<Readable> {
    const row = await repo.findPhoto(this.db, id);
    // Originals are never public, not even for accepted photos (PRODUCT.md §7).
    if (!row || !policy.maySeeUnpublished(viewer, { uploaderId: row.uploader_id }) || !row.original_key) {
      throw notFound('图片不存在');
    }
    const stream = await this.storage.get(row.original_key);
    if (!stream) throw notFound('图片不存在');
    return stream;
  }

  rendition(name: string): Promise<Readable | null> {
    return this.storage.get(`renditions/${name}`);
  }

  /**
   * Deletes the image files of photos rejected more than 30 days ago (§4.5); the row and its facts
   * stay. The row stops pointing at the files before they go, so it never points at a missing file.
   */
  async purgeRejected(): Promise<number> {
    const rows = await repo.rejectedWithFilesBefore(this.db, this.clock.now() - 30 * DAY, 50);
    for (const row of rows) {
      const cleared = await repo.clearFiles(this.db, row.id, 'rejected');
      if (cleared) await this.delete(this.keysOf(row));
    }
    return rows.length;
  }
}
