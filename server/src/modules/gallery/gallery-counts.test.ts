import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fromJson } from '../../db/json.js';
import {
  acceptPhoto,
  createTestApp,
  databaseKinds,
  insertPhoto,
  makeUser,
  runInlineJobs,
  seedReference,
  type TestApp,
} from '../../testing/harness.js';

// Issue 37: the totals of single filters come from counts the gallery keeps (gallery-counts.repository.ts).
// Whatever happens to photos — accepted, featured, their facts edited, revoked, withdrawn — and however
// many processes index the same photo at once, the counts equal a recount of the accepted photos.

async function recount(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('photos').selectAll().where('state', '=', 'accepted').execute();
  const out: Record<string, number> = {};
  const add = (k: string) => (out[k] = (out[k] ?? 0) + 1);
  for (const r of rows) {
    add('all:');
    if (r.featured_at !== null) add('featured:');
    if (r.airline_id !== null) add(`airline:${r.airline_id}`);
    if (r.airport_id !== null) add(`airport:${r.airport_id}`);
    if (r.aircraft_type_id !== null) add(`type:${r.aircraft_type_id}`);
    add(`user:${r.uploader_id}`);
    for (const c of new Set(fromJson(r.categories))) add(`category:${c}`);
  }
  return out;
}

async function kept(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('gallery_counts').selectAll().where('n', '!=', 0).execute();
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.key}`, Number(r.n)]));
}

describe.each(databaseKinds())('the gallery’s kept counts (%s)', (kind) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seedReference>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let screener: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await seedReference(t);
    owner = await makeUser(t);
    screener = await makeUser(t, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  const actor = () => ({ id: screener.id, username: screener.username, level: 3, sessionId: 0 });
  const transition = async (id: number, action: 'revoke' | 'withdraw') => {
    const photo = await t.database.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const by = action === 'withdraw' ? { id: owner.id, username: owner.username, level: 0, sessionId: 0 } : actor();
    await t.database.db.transaction().execute((trx) => t.services.lifecycle.transition(trx, { photo, action, actor: by }));
    await runInlineJobs(t);
  };

  it('follow acceptance, featuring, edited facts, revocation and withdrawal', async () => {
    const made: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await insertPhoto(t, owner.id, {
        airline_id: i % 2 ? ids.cca.id : null,
        airport_id: i % 3 ? ids.pek.id : ids.pvg.id,
        aircraft_type_id: i % 2 ? ids.a320.id : ids.b738.id,
        categories: JSON.stringify(i % 2 ? ['airliner', 'night', 'airliner'] : ['cargo']) as never,
      });
      await acceptPhoto(t, id, actor());
      made.push(id);
    }
    expect(await kept(t)).toEqual(await recount(t));
    expect((await kept(t))['all:']).toBe(8);

    await t.database.db.transaction().execute((trx) => t.services.photos.feature(trx, made[0]!, t.clock.now()));
    await runInlineJobs(t);
    // An airline and a category changed on an accepted photo: counted as a move.
    await t.database.db
      .updateTable('photos')
      .set({ airline_id: ids.cca.id, categories: JSON.stringify(['museum']) as never })
      .where('id', '=', made[2]!)
      .execute();
    await t.database.db
      .transaction()
      .execute((trx) => t.services.lifecycle.factsChanged(trx, { id: made[2]!, state: 'accepted' }));
    await runInlineJobs(t);
    await transition(made[3]!, 'revoke');
    await transition(made[4]!, 'withdraw');
    expect(await kept(t)).toEqual(await recount(t));
    expect((await kept(t))['featured:']).toBe(1);
    expect((await kept(t))['all:']).toBe(6);

    // Counted totals are exact in the gallery's answers, as far as the count goes.
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/photos?airline=${ids.cca.id}&limit=1` });
    expect(answer.json<{ total: number; totalCapped: boolean }>()).toMatchObject({
      total: (await recount(t))[`airline:${ids.cca.id}`],
      totalCapped: false,
    });
  });

  it('count each photo once when two processes index it at the same time', async () => {
    const accepted = (await t.database.db.selectFrom('photos').select('id').where('state', '=', 'accepted').execute()).map((r) =>
      String(r.id),
    );
    // Facts changed behind both processes' backs, then both index every photo at once, ten times over.
    await t.database.db.updateTable('photos').set({ airport_id: ids.pvg.id }).execute();
    const ids2 = Array.from({ length: 10 }, () => accepted).flat();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/index-photos.ts', ...ids2], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.once('exit', () => reject(new Error('the second process ended before it started')));
      });
      for (const id of ids2) await t.services.gallery.indexPhoto(Number(id));
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await kept(t)).toEqual(await recount(t));
    expect((await kept(t))[`airport:${ids.pvg.id}`]).toBe(accepted.length);
  }, 60_000);
});
