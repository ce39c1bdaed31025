import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

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

describe.each(databaseKinds())('a rendered photo page counting its view on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const views = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;

  it('counts a visitor’s and another member’s view, not the owner’s, and answers 404 for a photo not public', async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const id = await insertPhoto(t, owner.id, { state: 'accepted' });
    const waiting = await insertPhoto(t, owner.id);
    const post = (photo: number, token?: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/photos/${photo}/view`, headers: token ? bearer(token) : {} });

    expect((await post(id)).statusCode).toBe(204);
    expect((await post(id, other.token)).statusCode).toBe(204);
    expect((await post(id, owner.token)).statusCode).toBe(204);
    // Reading the photo for the page's HTML (the services' `get`) counts nothing.
    await t.services.photos.get(id, null);
    await t.services.views.flush();
    expect(await views(id)).toBe(2);

    const hidden = await post(waiting);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await post(999_999)).statusCode).toBe(404);
  });
});
