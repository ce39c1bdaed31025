import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import type { PhotoRow } from '../../db/schema.js';
import { processJpeg } from '../../media/image-processor.js';
import { baseKey, type PhotoStorage } from '../../media/storage.js';
import { photoFileKeys } from './photo-files.js';
import { renditionKey } from './photos.presenter.js';
import * as repo from './photos.repository.js';

/** A photo row that points at files the store does not have. */
export interface BrokenPhoto {
  photoId: number;
  state: string;
  missing: string[];
  /** The files the row listed when it was checked: a repair changes the row only if it still lists them. */
  originalKey: string | null;
  renditionHash: string | null;
}

export interface FilesReport {
  /** Objects in the store (temporary files included). */
  files: number;
  /** Photo rows that point at files. */
  photos: number;
  rowsWithoutFiles: BrokenPhoto[];
  filesWithoutRows: string[];
  /** Files of uploads in progress: no row yet, but an intent holds them (kept). */
  inFlight: number;
  repaired: {
    rerendered: number[];
    notRerendered: number[];
    markedBroken: number[];
    originalLost: number[];
    removed: number;
  } | null;
}

const PARALLEL = 8;

/** Runs `work` over `items`, `PARALLEL` at a time. */
export async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(work));
}

/**
 * `admin check`: rows without files and files without rows. The store is listed before the rows and
 * intents are read (in one snapshot), so a file an upload has just written is found with its intent or
 * its row: uploads write the intent first, the files next, and the row last (upload.service.ts).
 */
export class FilesCheck {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: PhotoStorage,
  ) {}

  /** The keys photo rows point at, and those of uploads in progress (a restore puts back these). */
  async referenced(db: DbOrTrx = this.db): Promise<{ rows: string[]; intents: string[] }> {
    return { rows: (await repo.photosWithFiles(db)).flatMap(photoFileKeys), intents: await repo.intentKeys(db) };
  }

  async run(opts: { repair: boolean }): Promise<FilesReport> {
    const present = new Set<string>();
    for await (const key of this.storage.list()) present.add(key);
    const { rows, intentKeys } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({ rows: await repo.photosWithFiles(trx), intentKeys: await repo.intentKeys(trx) }));

    const referenced = new Set<string>();
    const suspects: BrokenPhoto[] = [];
    for (const row of rows) {
      const keys = photoFileKeys(row);
      for (const k of keys) referenced.add(k);
      const missing = keys.filter((k) => !present.has(k));
      if (missing.length > 0) {
        suspects.push({
          photoId: row.id,
          state: row.state,
          missing,
          originalKey: row.original_key,
          renditionHash: row.rendition_hash,
        });
      }
    }
    const held = new Set(intentKeys);
    const inFlight = [...present].filter((k) => held.has(baseKey(k)));
    // A KEY.tmp beside a referenced KEY is a write that crashed before its rename: an orphan too.
    const filesWithoutRows = [...present].filter((k) => !held.has(baseKey(k)) && (k !== baseKey(k) || !referenced.has(k)));
    // A row committed between the listing and the snapshot has files the listing missed: ask again.
    const rowsWithoutFiles: BrokenPhoto[] = [];
    await inBatches(suspects, async (s) => {
      const missing = (await Promise.all(s.missing.map(async (k) => ((await this.storage.has(k)) ? null : k)))).filter(
        (k): k is string => k !== null,
      );
      if (missing.length > 0) rowsWithoutFiles.push({ ...s, missing });
    });
    rowsWithoutFiles.sort((a, b) => a.photoId - b.photoId);

    const report: FilesReport = {
      files: present.size,
      photos: rows.length,
      rowsWithoutFiles,
      filesWithoutRows: filesWithoutRows.sort(),
      inFlight: inFlight.length,
      repaired: null,
    };
    if (opts.repair) report.repaired = await this.repair(report);
    return report;
  }

  private async repair(report: FilesReport): Promise<NonNullable<FilesReport['repaired']>> {
    const done = {
      rerendered: [] as number[],
      notRerendered: [] as number[],
      markedBroken: [] as number[],
      originalLost: [] as number[],
      removed: 0,
    };
    await inBatches(report.filesWithoutRows, async (key) => {
      await this.storage.delete(key);
      done.removed++;
    });
    for (const broken of report.rowsWithoutFiles) {
      const outcome = await this.mend(broken);
      if (outcome) done[outcome].push(broken.photoId);
    }
    return done;
  }

  /**
   * Renditions come back from the original when it is there; when they cannot (a damaged original),
   * nothing is changed and the photo is named. Without the original the row stops pointing at files it
   * does not have, and the photo's history says so; it then shows its thumbhash placeholder instead of
   * broken images. Every change is guarded on the files the check saw the row list: a photo withdrawn,
   * deleted, purged or mended since is left alone.
   */
  private async mend(broken: BrokenPhoto): Promise<'rerendered' | 'notRerendered' | 'markedBroken' | 'originalLost' | null> {
    const row = await repo.anyPhoto(this.db, broken.photoId);
    if (!row || row.original_key !== broken.originalKey || row.rendition_hash !== broken.renditionHash) return null;
    const originalMissing = broken.originalKey === null || broken.missing.includes(broken.originalKey);
    const renditionsMissing = broken.missing.some((k) => k !== broken.originalKey);
    if (!originalMissing) {
      const redone = await this.rerender(broken.originalKey!, broken.renditionHash!, row.watermark, broken.missing).catch(
        () => false,
      );
      return redone ? 'rerendered' : 'notRerendered';
    }
    const refs = { id: broken.photoId, original_key: broken.originalKey, rendition_hash: broken.renditionHash };
    const now = this.clock.now();
    const cleared = await this.db.transaction().execute(async (trx) => {
      const ok = renditionsMissing ? await repo.clearFilesIfUnchanged(trx, refs) : await repo.clearOriginalIfUnchanged(trx, refs);
      if (!ok) return false;
      await repo.insertEvent(trx, {
        photoId: row.id,
        actorId: null,
        from: row.state,
        to: row.state,
        message: renditionsMissing ? '图片文件丢失，无法恢复（admin check --repair）' : '原图文件丢失（admin check --repair）',
        at: now,
      });
      return true;
    });
    if (!cleared) return null;
    if (!renditionsMissing) return 'originalLost';
    // What is left of the photo's files (renditions only: its original is gone) belongs to nothing now.
    await inBatches(
      photoFileKeys(row).filter((k) => !broken.missing.includes(k)),
      (k) => this.storage.delete(k),
    );
    return 'markedBroken';
  }

  private async rerender(
    originalKey: string,
    hash: string,
    watermark: PhotoRow['watermark'],
    missing: string[],
  ): Promise<boolean> {
    const stream = await this.storage.get(originalKey);
    if (!stream) return false;
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'contrail-check-'));
    try {
      const file = path.join(dir, 'original.jpg');
      await pipeline(stream, fs.createWriteStream(file));
      const image = await processJpeg(file, watermark === null ? null : fromJson(watermark));
      const wanted = missing.filter((k) => k !== originalKey);
      const made = new Map(image.renditions.map((r) => [renditionKey(hash, r.edge), r.data]));
      if (!wanted.every((k) => made.has(k))) return false;
      await Promise.all(wanted.map((k) => this.storage.put(k, made.get(k)!, 'image/webp')));
      return true;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
}

/** The report as the command prints it. */
export function describeReport(r: FilesReport): string {
  const lines = [
    `${r.files} 个文件，${r.photos} 张图片指向文件；上传中的文件 ${r.inFlight} 个（保留）`,
    `缺文件的图片：${r.rowsWithoutFiles.length}`,
    ...r.rowsWithoutFiles.map((b) => `  #${b.photoId}（${b.state}）缺 ${b.missing.join('、')}`),
    `无图片记录的文件：${r.filesWithoutRows.length}`,
    ...r.filesWithoutRows.slice(0, 50).map((k) => `  ${k}`),
    ...(r.filesWithoutRows.length > 50 ? [`  …另有 ${r.filesWithoutRows.length - 50} 个`] : []),
  ];
  if (r.repaired) {
    const { rerendered, notRerendered, markedBroken, originalLost, removed } = r.repaired;
    lines.push(
      `已修复：从原图重新生成 ${rerendered.length} 张图片的缩略图；${markedBroken.length} 张图片标记为文件丢失；` +
        `${originalLost.length} 张图片的原图丢失（缩略图保留）；删除 ${removed} 个无主文件`,
      ...(notRerendered.length > 0
        ? [`无法从原图重新生成（原图损坏，图片保持不变）：${notRerendered.map((id) => `#${id}`).join('、')}`]
        : []),
    );
  } else if (r.rowsWithoutFiles.length > 0 || r.filesWithoutRows.length > 0) {
    lines.push('使用 --repair 修复');
  }
  return lines.join('\n');
}
