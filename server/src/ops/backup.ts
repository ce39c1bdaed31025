import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { sqliteDriver, sqliteFile, type DatabaseHandle, type Dialect } from '../db/database.js';
import { baseKey, checkKey, TMP_SUFFIX, type PhotoStorage } from '../media/storage.js';
import { inBatches, type FilesCheck } from '../modules/photos/files-check.js';
import { photoFileKeys } from '../modules/photos/photo-files.js';

/** A refusal the command prints as it is. */
export class BackupError extends Error {}

interface Manifest {
  format: 1;
  database: Dialect;
  createdAt: string;
  files: number;
  bytes: number;
  /** Files the snapshot's rows point at that were deleted before they could be copied. */
  goneDuringBackup: string[];
}

// What a backup folder holds. The manifest is written last: a folder without one is not a backup.
const MANIFEST = 'manifest.json';
const PHOTOS = 'photos';
const DUMP: Record<Dialect, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };

const contentType = (key: string) => (key.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

/**
 * `admin backup --to DIR`: the photo files, then a snapshot of the database, then the files written
 * meanwhile. Uploads write their files before their row (upload.service.ts), so every row in the
 * snapshot finds its files in the folder — unless the photo was deleted or withdrawn while the backup
 * ran, after the snapshot and before its files were copied; the keys the snapshot points at are read
 * from the snapshot itself and checked, and such photos are named. A file of a photo deleted before
 * the snapshot is copied but restored only when a row still points at it.
 */
export async function backup(
  database: DatabaseHandle,
  config: Config,
  storage: PhotoStorage,
  check: FilesCheck,
  to: string,
): Promise<string> {
  if (fs.existsSync(to) && (!fs.statSync(to).isDirectory() || fs.readdirSync(to).length > 0)) {
    throw new BackupError(`目标须为空目录：${to}`);
  }
  if (database.dialect === 'postgres') await pgTool('pg_dump', null, ['--version']);
  fs.mkdirSync(path.join(to, PHOTOS), { recursive: true });
  const copied = new Map<string, number>();
  const copyNew = async () => {
    const keys: string[] = [];
    for await (const key of storage.list()) if (key === baseKey(key) && !copied.has(key)) keys.push(key);
    await inBatches(keys, async (key) => {
      const bytes = await copyOut(storage, key, path.join(to, PHOTOS, key));
      if (bytes !== null) copied.set(key, bytes);
    });
  };
  await copyNew();
  const dump = path.join(to, DUMP[database.dialect]);
  let inSnapshot: string[];
  if (database.dialect === 'sqlite') {
    // VACUUM INTO writes a consistent copy while the server keeps running (WAL included).
    await sql`vacuum into ${dump}`.execute(database.db);
    inSnapshot = sqliteSnapshotKeys(dump);
  } else {
    // The keys are read in the very snapshot pg_dump then dumps (an exported snapshot).
    inSnapshot = await database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)).rows[0]!.id;
        const keys = (await check.referenced(trx)).rows;
        await pgTool('pg_dump', config.databaseUrl!, [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          '--lock-wait-timeout=60s',
          `--snapshot=${snapshot}`,
          `--file=${dump}`,
        ]);
        return keys;
      });
  }
  await copyNew();
  const gone = inSnapshot.filter((k) => !copied.has(k));
  const manifest: Manifest = {
    format: 1,
    database: database.dialect,
    createdAt: new Date().toISOString(),
    files: copied.size,
    bytes: [...copied.values()].reduce((a, b) => a + b, 0),
    goneDuringBackup: gone,
  };
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return [
    `已备份到 ${to}：数据库和 ${manifest.files} 个图片文件（${(manifest.bytes / 1e6).toFixed(1)} MB）`,
    ...(gone.length > 0
      ? [`注意：备份期间有图片被删除或撤回，${gone.length} 个文件未能备份（恢复后 admin check --repair 会标记这些图片）`]
      : []),
  ].join('\n');
}

/** The files a SQLite snapshot's photo rows point at. */
function sqliteSnapshotKeys(file: string): string[] {
  const SQLite = sqliteDriver();
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'select original_key, rendition_hash, renditions from photos where original_key is not null or rendition_hash is not null',
      )
      .all() as Parameters<typeof photoFileKeys>[0][];
    return rows.flatMap(photoFileKeys);
  } finally {
    db.close();
  }
}

/** Copies one object into the folder; null when it was deleted since the listing. */
async function copyOut(storage: PhotoStorage, key: string, file: string): Promise<number | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await pipeline(stream, fs.createWriteStream(`${file}${TMP_SUFFIX}`));
  fs.renameSync(`${file}${TMP_SUFFIX}`, file);
  return fs.statSync(file).size;
}

export function readManifest(from: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`不是完整的备份（缺少 ${MANIFEST}）：${from}`);
  }
  if (manifest.format !== 1 || (manifest.database !== 'sqlite' && manifest.database !== 'postgres')) {
    throw new BackupError(`无法识别的备份格式：${from}`);
  }
  return manifest as Manifest;
}

/**
 * `admin restore --from DIR`, step one: the database, into an empty one only (a SQLite file or a
 * PostgreSQL database with no members and no photos). The server must be stopped.
 */
export async function restoreDatabase(config: Config, from: string): Promise<Manifest> {
  const manifest = readManifest(from);
  const dialect: Dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== dialect) {
    throw new BackupError(`备份来自 ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}，不能恢复到当前的数据库`);
  }
  const dump = path.join(from, DUMP[dialect]);
  if (!fs.existsSync(dump)) throw new BackupError(`备份缺少数据库文件：${dump}`);
  if (dialect === 'sqlite') {
    const target = sqliteFile(config.dataDir);
    if (fs.existsSync(target) && sqliteHasData(target)) throw new BackupError(`目标数据库不是空的：${target}`);
    for (const f of [target, `${target}-wal`, `${target}-shm`]) fs.rmSync(f, { force: true });
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(dump, target);
  } else {
    if (await postgresHasData(config.databaseUrl!)) throw new BackupError('目标数据库不是空的：请恢复到新建的空数据库');
    await pgTool('pg_restore', config.databaseUrl!, [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      dump,
    ]);
  }
  return manifest;
}

/**
 * Step two, once the database is back: the files its rows point at, and those of the uploads that
 * were in progress at the snapshot (their sweep removes them when the lease ends, as after a crash).
 */
export async function restoreFiles(
  check: FilesCheck,
  storage: PhotoStorage,
  from: string,
): Promise<{ put: number; absent: string[] }> {
  const { rows: rowKeys, intents: intentKeys } = await check.referenced();
  const absent: string[] = [];
  let put = 0;
  await inBatches([...new Set([...rowKeys, ...intentKeys])], async (key) => {
    // A key that names a place outside the folder, or a link to any other file, is not put back.
    checkKey(key);
    const file = path.join(from, PHOTOS, key);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat && !stat.isFile()) throw new BackupError(`备份中的 ${key} 不是普通文件，已停止恢复`);
    if (!stat) {
      // An upload in progress may not have written every file yet; a photo's row always had them.
      if (rowKeys.includes(key)) absent.push(key);
      return;
    }
    await storage.put(key, await fs.promises.readFile(file), contentType(key));
    put++;
  });
  return { put, absent: absent.sort() };
}

function sqliteHasData(file: string): boolean {
  const SQLite = sqliteDriver();
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name in ('users', 'photos')").all();
    if (tables.length < 2) return false;
    const n = db.prepare('select (select count(*) from users) + (select count(*) from photos) as n').get() as { n: number };
    return n.n > 0;
  } finally {
    db.close();
  }
}

async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 });
  await client.connect();
  try {
    const t = await client.query<{ users: string | null; photos: string | null }>(
      "select to_regclass('public.users')::text as users, to_regclass('public.photos')::text as photos",
    );
    if (!t.rows[0]?.users || !t.rows[0].photos) return false;
    const n = await client.query<{ n: string }>('select (select count(*) from users) + (select count(*) from photos) as n');
    return Number(n.rows[0]!.n) > 0;
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore on a database URL; the password travels in the environment, not argv. */
function pgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string | null, args: string[]): Promise<void> {
  const url = databaseUrl ? new URL(databaseUrl) : null;
  const password = url ? decodeURIComponent(url.password) : '';
  if (url) url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...(url ? [`--dbname=${url.toString()}`] : [])], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('error', (err) => reject(new BackupError(`无法运行 ${tool}（需要 PostgreSQL 客户端工具）：${err.message}`)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} 失败（退出码 ${code}）：${stderr.trim()}`)),
    );
  });
}
