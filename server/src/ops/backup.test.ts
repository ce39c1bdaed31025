import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServices } from '../app.js';
import { runCli } from '../cli.js';
import { loadConfig } from '../config.js';
import { fromJson, toJson } from '../db/json.js';
import { photoFileKeys } from '../modules/photos/photo-files.js';
import type { PhotoStorage } from '../media/storage.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  freshPostgresUrl,
  inFlightMeta,
  makeUser,
  memberOnServer,
  multipartBody,
  seedReference,
} from '../testing/harness.js';
import { asAnotherFile, makeJpeg } from '../testing/images.js';
import { startServer, type RunningServer } from '../testing/process.js';
import { startS3 } from '../testing/s3.js';
import { FilesCheck } from '../modules/photos/files-check.js';
import { backup } from './backup.js';

// SQLite with files under DATA_DIR, and PostgreSQL with S3 (s3rver): the two ways the site is run.
const setups = databaseKinds().map((kind) => (kind === 'sqlite' ? 'SQLite + files' : 'PostgreSQL + S3'));

interface Site {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An empty site: a data folder, and for PostgreSQL + S3 a new database and bucket. */
async function emptySite(setup: string, s3Env: Record<string, string> | null, bucket: string): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-restore-'));
  const pgDb = setup === 'PostgreSQL + S3' ? await freshPostgresUrl() : null;
  return {
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url, ...s3Env, S3_BUCKET: bucket } : {}),
    },
    close: async () => {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The photo rows of a site and the store's keys, read through the site's own services. */
async function inventory(env: Record<string, string>) {
  const { database, storage } = await buildServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const rows = await database.db.selectFrom('photos').selectAll().orderBy('id').execute();
    const intents = await database.db.selectFrom('upload_intents').select('keys').execute();
    const keys = new Set<string>();
    for await (const k of storage.list()) keys.add(k);
    return { rows, keys, held: intents.flatMap((i) => fromJson(i.keys)) };
  } finally {
    await database.destroy();
  }
}

describe.each(setups)('backup, restore and check on %s', (setup) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  const s3 = setup === 'PostgreSQL + S3' ? startS3() : null;
  let restored: Site;

  it('backs up while uploads run and restores every photo with its files into an empty site', async () => {
    const s3Env = s3 ? (await s3).env : null;
    if (s3) cleanups.push(async () => (await s3).close());
    const source = await emptySite(setup, s3Env, 'contrail');
    cleanups.push(source.close);
    const server: RunningServer = await startServer(() => ({ ...source.env, LOG_LEVEL: 'warn' }), undefined);
    cleanups.push(() => server.stop());
    const { token, typeId } = await memberOnServer(server, 'drill@example.com');
    const { database } = await buildServices(loadConfig(server.env));
    await database.db.updateTable('users').set({ queue_slots: 200 }).where('email', '=', 'drill@example.com').execute();
    await database.destroy();

    const jpegs = await Promise.all([1, 2, 3, 4].map((seed) => makeJpeg({ width: 2400, height: 1600, seed, exif: true })));
    let n = 0;
    const spans: [number, number, number][] = [];
    const upload = async () => {
      const i = n++;
      const { payload, headers } = await multipartBody({
        file: asAnotherFile(jpegs[i % 4]!, i),
        meta: inFlightMeta(typeId, `B-${6000 + i}`),
      });
      const start = Date.now();
      const res = await fetch(`${server.url}/api/v1/photos`, {
        method: 'POST',
        body: payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      spans.push([start, Date.now(), res.status]);
    };
    for (let i = 0; i < 4; i++) await upload();

    // Two members' worth of uploads keep arriving while the backup runs, and go on after it ends.
    const to = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-backup-'));
    cleanups.push(async () => fs.rmSync(to, { recursive: true, force: true }));
    let backingUp = true;
    const uploader = async () => {
      while (backingUp) await upload();
      await upload();
    };
    const uploaders = [uploader(), uploader()];
    const started = Date.now();
    const said = await runCli(['backup', '--to', to], server.env).finally(() => (backingUp = false));
    const ended = Date.now();
    await Promise.all(uploaders);
    expect(said).toMatch(/^已备份到 .+：数据库和 \d+ 个图片文件/);
    expect(spans.every(([, , status]) => status === 201)).toBe(true);
    expect(spans.filter(([s, e]) => s < ended && e > started).length).toBeGreaterThan(0);

    restored = await emptySite(setup, s3Env, 'restored');
    cleanups.push(restored.close);
    const out = await runCli(['restore', '--from', to], restored.env);
    expect(out).toContain('缺文件的图片：0');
    expect(out).toContain('无图片记录的文件：0');

    // The restored site holds a snapshot: at least the photos committed before the backup began,
    // each with every file it lists, and nothing else but the files of uploads then in progress.
    const { rows, keys, held } = await inventory(restored.env);
    const before = await inventory(server.env);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(before.rows.length);
    const listed = rows.flatMap(photoFileKeys);
    expect(listed.filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !listed.includes(k) && !held.includes(k))).toEqual([]);
    for (const row of rows) expect(before.rows.find((r) => r.id === row.id)?.sha256).toBe(row.sha256);

    // The restored site serves them: every rendition answers, the member's session still holds.
    const site = await startServer(() => ({ ...restored.env, LOG_LEVEL: 'warn' }));
    try {
      for (const row of rows) {
        for (const r of fromJson(row.renditions)) {
          const res = await fetch(`${site.url}/img/${row.rendition_hash}-${r.edge}.webp`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }
      const me = await fetch(`${site.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    } finally {
      // Stopped without removing the data folder, which the next test repairs.
      await site.kill();
    }

    // A restore never overwrites a site that has members or photos, and a backup never mixes into a folder.
    await expect(runCli(['restore', '--from', to], restored.env)).rejects.toThrow('目标数据库不是空的');
    await expect(runCli(['backup', '--to', to], server.env)).rejects.toThrow('目标须为空目录');
  }, 300_000);

  it('check lists rows without files and files without rows, and --repair mends them', async () => {
    const { database, storage } = await buildServices(loadConfig(restored.env));
    try {
      const rows = await database.db.selectFrom('photos').selectAll().orderBy('id').limit(4).execute();
      expect(rows.length).toBe(4);
      const [rerender, lost, originalOnly, damaged] = rows as [
        (typeof rows)[0],
        (typeof rows)[0],
        (typeof rows)[0],
        (typeof rows)[0],
      ];
      const keysOf = (row: (typeof rows)[0]) => photoFileKeys(row);
      // One rendition gone (the original is there), every file of a photo gone, only an original gone.
      await storage.delete(keysOf(rerender)[2]!);
      for (const k of keysOf(lost)) await storage.delete(k);
      await storage.delete(originalOnly.original_key!);
      // A rendition gone and an original that no longer decodes: nothing can be mended, nothing is removed.
      await storage.delete(keysOf(damaged)[1]!);
      await storage.put(damaged.original_key!, Buffer.from('not a jpeg any more'), 'image/jpeg');
      // A file nobody points at, a crashed write, and an upload in progress (its files must stay).
      await storage.put('renditions/ffffffffffffffffffff-320.webp', Buffer.from('stray'), 'image/webp');
      await storage.put('originals/ff/stray.jpg.tmp', Buffer.from('half'), 'image/jpeg');
      const held = 'originals/ee/in-progress.jpg';
      await storage.put(held, Buffer.from('uploading'), 'image/jpeg');
      await database.db
        .insertInto('upload_intents')
        .values({ keys: toJson([held]), lease_until: Date.now() + 600_000, created_at: Date.now() })
        .execute();

      const listed = await runCli(['check'], restored.env);
      expect(listed).toContain('缺文件的图片：4');
      expect(listed).toContain(`#${rerender.id}（${rerender.state}）缺 ${keysOf(rerender)[2]}`);
      expect(listed).toContain('无图片记录的文件：2');
      expect(listed).toContain('renditions/ffffffffffffffffffff-320.webp');
      expect(listed).toContain('originals/ff/stray.jpg.tmp');
      expect(Number(/上传中的文件 (\d+) 个/.exec(listed)?.[1])).toBeGreaterThanOrEqual(1);
      expect(listed).toContain('使用 --repair 修复');

      const repaired = await runCli(['check', '--repair'], restored.env);
      expect(repaired).toContain(
        '从原图重新生成 1 张图片的缩略图；1 张图片标记为文件丢失；1 张图片的原图丢失（缩略图保留）；删除 2 个无主文件',
      );
      expect(repaired).toContain(`无法从原图重新生成（原图损坏，图片保持不变）：#${damaged.id}`);
      const after = await runCli(['check'], restored.env);
      expect(after).toContain(`缺文件的图片：1\n  #${damaged.id}（${damaged.state}）缺 ${keysOf(damaged)[1]}`);
      expect(after).toContain('无图片记录的文件：0');
      expect(await storage.has(damaged.original_key!)).toBe(true);

      expect(await storage.has(keysOf(rerender)[2]!)).toBe(true);
      expect(await storage.has(held)).toBe(true);
      const rowsAfter = await database.db
        .selectFrom('photos')
        .selectAll()
        .where('id', 'in', [lost.id, originalOnly.id])
        .orderBy('id')
        .execute();
      expect(rowsAfter.find((r) => r.id === lost.id)).toMatchObject({
        original_key: null,
        rendition_hash: null,
        renditions: '[]',
      });
      expect(rowsAfter.find((r) => r.id === originalOnly.id)).toMatchObject({
        original_key: null,
        rendition_hash: originalOnly.rendition_hash,
      });
      const history = await database.db
        .selectFrom('screening_events')
        .select(['photo_id', 'message'])
        .where('photo_id', 'in', [lost.id, originalOnly.id])
        .where('message', 'like', '%admin check --repair%')
        .execute();
      expect(history.map((h) => h.photo_id).sort()).toEqual([lost.id, originalOnly.id].sort());
    } finally {
      await database.destroy();
    }
  }, 120_000);
});

describe.each(databaseKinds())('a backup on %s', (kind) => {
  /**
   * A backup through the real store, with one photo uploaded the moment the first copy of the files
   * has listed the store (its row is in the snapshot, its files not yet copied) and, when asked, that
   * photo withdrawn (its files deleted) just before the second copy.
   */
  async function backupAround(withdraw: boolean, run: (r: { said: string; keys: string[]; to: string }) => void) {
    const t = await createTestApp(kind);
    const to = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-backup-'));
    try {
      const { a320 } = await seedReference(t);
      const u = await makeUser(t);
      let committed = 0;
      let keys: string[] = [];
      let listings = 0;
      const store = t.storage;
      const storage: PhotoStorage = {
        put: (key, body, type) => store.put(key, body, type),
        get: (key) => store.get(key),
        delete: (key) => store.delete(key),
        check: () => store.check(),
        has: (key) => store.has(key),
        async *list() {
          listings++;
          if (listings === 2 && withdraw) {
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/v1/photos/${committed}/withdraw`,
              headers: bearer(u.token),
            });
            expect(res.statusCode).toBe(200);
            await expect.poll(() => store.has(keys[0]!)).toBe(false);
          }
          yield* store.list();
          if (listings > 1) return;
          const { payload, headers } = await multipartBody({
            file: await makeJpeg({ seed: 9 }),
            meta: inFlightMeta(a320.id, 'B-6789'),
          });
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v1/photos',
            payload,
            headers: { ...headers, ...bearer(u.token) },
          });
          expect(res.statusCode).toBe(201);
          committed = (res.json() as { photo: { id: number } }).photo.id;
          keys = photoFileKeys(
            await t.database.db.selectFrom('photos').selectAll().where('id', '=', committed).executeTakeFirstOrThrow(),
          );
        },
      };
      const said = await backup(t.database, t.config, storage, new FilesCheck(t.database.db, t.clock, storage), to);
      expect(keys.length).toBeGreaterThan(1);
      run({ said, keys, to });
    } finally {
      await t.close();
      fs.rmSync(to, { recursive: true, force: true });
    }
  }

  it('keeps the files of a photo committed between the first copy of the files and the snapshot', async () => {
    await backupAround(false, ({ said, keys, to }) => {
      expect(keys.filter((k) => !fs.existsSync(path.join(to, 'photos', k)))).toEqual([]);
      expect(said).not.toContain('注意');
    });
  }, 60_000);

  it('names the files of a photo in the snapshot that was withdrawn before they could be copied', async () => {
    await backupAround(true, ({ said, keys, to }) => {
      expect(said).toContain(`注意：备份期间有图片被删除或撤回，${keys.length} 个文件未能备份`);
      const manifest = JSON.parse(fs.readFileSync(path.join(to, 'manifest.json'), 'utf8')) as { goneDuringBackup: string[] };
      expect(manifest.goneDuringBackup.sort()).toEqual([...keys].sort());
    });
  }, 60_000);
});
