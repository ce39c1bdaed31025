import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptPhoto, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';
import { recordImport } from '../../modules/reference/reference-import.repository.js';
import { up } from './2026-11-27-02-registrations.js';

// Issue 34, item 13: photos sent through the API before it wrote registrations as their countries do.
describe.each(databaseKinds())('the registrations migration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // As at every first start: the reference data was imported (the gallery's walk is for an import).
    await recordImport(t.database.db, 'curated', t.clock.now());
  });
  afterAll(async () => {
    await t?.close();
  });

  const gallery = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/photos?${query}` })).json<{ items: { id: number }[] }>();

  it('writes stored registrations as their countries do, keeps their aircraft, and finds them by the new words', async () => {
    const member = await makeUser(t);
    const screener = await makeUser(t, 1);
    const decider = { id: screener.id, username: screener.username, level: 1 };
    // As the API stored them before: upper-cased, otherwise as typed.
    const typed = ['B30EE', 'B30EE', 'N-123AB', 'ZA147', 'NO-REG', 'G-ABCD'];
    const ids: number[] = [];
    for (const registration of typed) {
      const id = await insertPhoto(t, member.id, { registration, msn: registration === 'B30EE' ? '7001' : null });
      await acceptPhoto(t, id, decider);
      ids.push(id);
    }
    const before = await t.database.db
      .selectFrom('photos')
      .select(['id', 'airframe_id', 'registration_key'])
      .orderBy('id')
      .execute();
    expect((await gallery('q=30EE')).items).toEqual([]);
    // The walk after the import is done.
    await t.database.db.updateTable('search_reindex').set({ for_import: t.clock.now(), after_id: 1e9, until_id: 1e9 }).execute();

    await up(t.database.db);

    const after = await t.database.db
      .selectFrom('photos')
      .select(['id', 'registration', 'registration_key', 'airframe_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.registration)).toEqual(['B-30EE', 'B-30EE', 'N123AB', 'ZA147', 'NO-REG', 'G-ABCD']);
    // The keys (what searches, follows and links compare) and so each photo's aircraft stay.
    expect(after.map(({ id, registration_key, airframe_id }) => ({ id, registration_key, airframe_id }))).toEqual(
      before.filter((r) => ids.includes(r.id)),
    );
    expect(after[0]!.airframe_id).not.toBeNull();
    expect(after[0]!.airframe_id).toBe(after[1]!.airframe_id);

    // The gallery's walk over every accepted photo starts again, and then finds B-30EE by 30EE.
    const state = await t.database.db.selectFrom('search_reindex').select('for_import').executeTakeFirstOrThrow();
    expect(Number(state.for_import)).toBe(0);
    while ((await t.services.gallery.reindexAfterImport(10)) > 0);
    expect((await gallery('q=30EE')).items.map((p) => p.id).sort()).toEqual([ids[0], ids[1]].sort());

    const reg = await t.app.inject({ method: 'GET', url: '/api/v1/airframes?reg=b30ee' });
    expect(reg.json().items[0].registrations).toEqual(['B-30EE']);
  });

  it('changes nothing when every registration is already written so', async () => {
    await t.database.db.updateTable('search_reindex').set({ for_import: 123, after_id: 5, until_id: 5 }).execute();
    await up(t.database.db);
    const state = await t.database.db.selectFrom('search_reindex').select(['for_import', 'after_id']).executeTakeFirstOrThrow();
    expect({ for_import: Number(state.for_import), after_id: Number(state.after_id) }).toEqual({ for_import: 123, after_id: 5 });
  });
});
