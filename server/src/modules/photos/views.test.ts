import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

describe.each(databaseKinds())('views written in batches on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes every counted view when a flush spans several batches, and nothing twice', async () => {
    const owner = await makeUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 230; i++) ids.push(await insertPhoto(t, owner.id));
    // More photos than one batch takes on either database, some viewed more than once.
    ids.forEach((id, i) => t.services.views.count(id, 1 + (i % 3)));
    await t.services.views.flush();
    const rows = await t.database.db.selectFrom('photos').select(['id', 'views']).where('id', 'in', ids).execute();
    const views = new Map(rows.map((r) => [r.id, r.views]));
    expect(ids.map((id) => views.get(id))).toEqual(ids.map((_, i) => 1 + (i % 3)));
    // A second flush with nothing counted writes nothing more.
    await t.services.views.flush();
    const again = await t.database.db.selectFrom('photos').select(['id', 'views']).where('id', 'in', ids).execute();
    expect(again.reduce((sum, r) => sum + r.views, 0)).toBe(ids.reduce((sum, _, i) => sum + 1 + (i % 3), 0));
  });
});
