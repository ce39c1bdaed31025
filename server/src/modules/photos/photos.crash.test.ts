import fs from 'node:fs';
import path from 'node:path';
import { sqliteDriver } from '../../db/database.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildServices } from '../../app.js';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import { databaseKinds, freshPostgresUrl, multipartBody } from '../../testing/harness.js';
import { startServer, type RunningServer } from '../../testing/process.js';

const Database = sqliteDriver();

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name))] : []));
}

describe.each(databaseKinds())('an upload killed mid-way on %s', (kind) => {
  let server: RunningServer | null = null;
  let dropPg: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await server?.stop();
    await dropPg?.();
  });

  it('leaves no row without its files and no file without its row after restart', async () => {
    const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
    dropPg = pgDb?.drop ?? null;
    const env = { UPLOAD_LEASE_SECONDS: '1', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
    server = await startServer(() => env);
    const photosDir = path.join(server.dataDir, 'photos');

    // Set up a member and reference rows through the same database the server uses.
    const { services, database } = await buildServices(loadConfig(server.env));
    let token: string;
    let airportId: number;
    let typeId: number;
    try {
      const user = await services.accounts.createUser({
        email: 'crash@example.com',
        username: 'crashtest',
        password: 'password-123',
        level: 0,
      });
      await database.db.updateTable('users').set({ queue_slots: 50 }).where('id', '=', user.id).execute();
      token = (await services.sessions.login('crash@example.com', 'password-123', '127.0.0.1')).token;
      // The server imported the reference data at its first start.
      airportId = (await services.reference.search('airports', { q: 'ZGGG', limit: 1 }, null)).items[0]!.id;
      typeId = (await services.reference.search('aircraft_types', { q: 'A333', limit: 1 }, null)).items[0]!.id;
    } finally {
      await database.destroy();
    }

    const jpeg = await makeJpeg({ width: 4096, height: 2731, exif: true });
    const send = async (i: number) => {
      const { payload, headers } = await multipartBody({
        file: asAnotherFile(jpeg, i),
        meta: {
          registration: `B-${5000 + i}`,
          aircraftTypeId: typeId,
          airportId,
          takenOn: '2024-05-01',
          categories: ['airliner'],
          queue: 'normal',
          watermark: null,
        },
      });
      try {
        const res = await fetch(`${server!.url}/api/v1/photos`, {
          method: 'POST',
          body: payload,
          headers: { ...headers, authorization: `Bearer ${token}` },
        });
        return res.status;
      } catch {
        return 'killed';
      }
    };
    // One upload completes first, so the check below also covers committed rows.
    expect(await send(100)).toBe(201);
    const committedFiles = filesUnder(photosDir).length;
    const inFlight = Array.from({ length: 8 }, (_, i) => send(i));
    // Kill the moment the next upload's first file lands: its row cannot have committed yet.
    const deadline = Date.now() + 120_000;
    while (filesUnder(photosDir).length === committedFiles && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    await server.kill();
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).toContain('killed');
    expect(filesUnder(photosDir).length).toBeGreaterThan(committedFiles);

    // Restart on the same data once the crashed uploads' leases (1 s, a wall-clock time) have run out.
    // The lease is measured on the server's clock, so this one wait is for time itself.
    await new Promise((r) => setTimeout(r, 1_200));
    const dataDir = server.dataDir;
    server = await startServer(() => env, { port: server.port, dataDir });

    let rows: { original_key: string | null; rendition_hash: string | null; renditions: string }[];
    if (pgDb) {
      const client = new pg.Client({ connectionString: pgDb.url });
      await client.connect();
      rows = (await client.query('select original_key, rendition_hash, renditions from photos')).rows;
      await client.end();
    } else {
      const db = new Database(path.join(dataDir, 'contrail.sqlite'), { readonly: true });
      rows = db.prepare('select original_key, rendition_hash, renditions from photos').all() as typeof rows;
      db.close();
    }
    const expected = new Set<string>();
    for (const row of rows) {
      expected.add(row.original_key!);
      for (const r of JSON.parse(row.renditions) as { edge: number }[])
        expected.add(`renditions/${row.rendition_hash}-${r.edge}.webp`);
    }
    const files = new Set(filesUnder(photosDir));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect([...expected].filter((k) => !files.has(k))).toEqual([]);
    expect([...files].filter((f) => !expected.has(f))).toEqual([]);
    // Two server starts, nine uploads of 4096 px files and a restart: minutes on a busy 2-core machine.
  }, 240_000);
});
