import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionPage, CollectionsResponse } from '../../../../contract/collections.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  expectRefused,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 7: 收藏. A member's collections of accepted photos, private or public; a private one does
// not exist for anyone else (its page, its feed, the member's list); two tabs adding a photo make one entry.
describe.each(databaseKinds())('collections on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let screener: User;
  const photos: number[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: User, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who ? bearer(who.token) : {}, ...(payload && { payload }) });
  const create = async (body: object, who = owner) => {
    const res = await call('POST', '/collections', who, body);
    expect(res.statusCode).toBe(200);
    return res.json<{ collection: { id: number } }>().collection.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await makeUser(t);
    other = await makeUser(t);
    screener = await makeUser(t, 1);
    for (const registration of ['B-1001', 'B-1002', 'B-1003'])
      photos.push(await insertAccepted(t, other.id, { id: screener.id, username: 's', level: 1 }, { registration }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a private collection its owner’s alone: page, list and feed answer 404 to others', async () => {
    const id = await create({ name: '  夜景  ' });
    expect((await call('PUT', `/collections/${id}/photos/${photos[0]}`, owner)).statusCode).toBe(200);
    const mine = await call('GET', `/collections/${id}`, owner);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json<CollectionPage>()).toMatchObject({
      own: true,
      collection: { name: '夜景', public: false, photoCount: 1, owner: { id: owner.id }, cover: { id: photos[0] } },
      items: [{ id: photos[0] }],
    });
    expectRefused(await call('GET', `/collections/${id}`, other), 404);
    expectRefused(await call('GET', `/collections/${id}`), 404);
    expectRefused(await call('GET', `/feeds/collections/${id}`), 404);
    expect((await call('GET', `/users/${owner.id}/collections`, other)).json<CollectionsResponse>().items).toEqual([]);
    // Nor may anyone else change it, add to it or delete it.
    expectRefused(await call('PUT', `/collections/${id}`, other, { public: true }), 404);
    expectRefused(await call('PUT', `/collections/${id}/photos/${photos[1]}`, other), 404);
    expectRefused(await call('DELETE', `/collections/${id}/photos/${photos[0]}`, other), 404);
    expectRefused(await call('DELETE', `/collections/${id}`, other), 404);
    // Made public: everyone reads it, and its feed.
    expect((await call('PUT', `/collections/${id}`, owner, { public: true, description: '城市灯光下的飞机' })).statusCode).toBe(
      200,
    );
    const page = (await call('GET', `/collections/${id}`)).json<CollectionPage>();
    expect(page).toMatchObject({ own: false, collection: { public: true, description: '城市灯光下的飞机' } });
    const feed = await call('GET', `/feeds/collections/${id}`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.body).toContain(`的收藏：夜景 · 航迹 Contrail</title>`);
    expect(feed.body).toContain(`/photo/${photos[0]}`);
    const again = await call('GET', `/feeds/collections/${id}`, undefined);
    expect(again.headers.etag).toBe(feed.headers.etag);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/feeds/collections/${id}`,
          headers: { 'if-none-match': feed.headers.etag! },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('takes a photo once when two tabs add it, and lists the one added last first', async () => {
    const id = await create({ name: '窄体机', public: true });
    const both = await Promise.all([1, 2].map(() => call('PUT', `/collections/${id}/photos/${photos[1]}`, owner)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await call('PUT', `/collections/${id}/photos/${photos[2]}`, owner)).statusCode).toBe(200);
    const page = (await call('GET', `/collections/${id}`, other)).json<CollectionPage>();
    expect(page.items.map((p) => p.id)).toEqual([photos[2], photos[1]]);
    expect(page.collection).toMatchObject({ photoCount: 2, cover: { id: photos[2] } });
    // The member's own list says which hold a photo (the photo page's menu); others' lists never do.
    const list = (await call('GET', `/users/${owner.id}/collections?photo=${photos[1]}`, owner)).json<CollectionsResponse>();
    expect(list.items.map((c) => [c.name, c.contains])).toEqual([
      ['窄体机', true],
      ['夜景', false],
    ]);
    const seen = (await call('GET', `/users/${owner.id}/collections?photo=${photos[1]}`, other)).json<CollectionsResponse>();
    expect(seen.items.map((c) => [c.name, c.contains])).toEqual([
      ['窄体机', undefined],
      ['夜景', undefined],
    ]);
    // Taken out twice: out once, the second is already out.
    expect((await call('DELETE', `/collections/${id}/photos/${photos[2]}`, owner)).statusCode).toBe(200);
    expect((await call('DELETE', `/collections/${id}/photos/${photos[2]}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/collections/${id}`, owner)).json<CollectionPage>().items.map((p) => p.id)).toEqual([photos[1]]);
  });

  it('shows only the photos still in the gallery', async () => {
    const id = await create({ name: '会被撤回', public: true });
    const gone = await insertAccepted(t, other.id, { id: screener.id, username: 's', level: 1 }, { registration: 'B-1009' });
    expect((await call('PUT', `/collections/${id}/photos/${gone}`, owner)).statusCode).toBe(200);
    expect((await call('POST', `/photos/${gone}/withdraw`, other)).statusCode).toBe(200);
    expect((await call('GET', `/collections/${id}`)).json<CollectionPage>()).toMatchObject({
      items: [],
      collection: { photoCount: 0, cover: null },
    });
    expectRefused(await call('PUT', `/collections/${id}/photos/${gone}`, owner), 404);
  });

  it('answers bad input in Chinese and keeps the limits', async () => {
    expectRefused(await call('POST', '/collections', owner, { name: '   ' }), 400);
    expectRefused(await call('POST', '/collections', owner, { name: '名'.repeat(41) }), 400);
    expectRefused(await call('POST', '/collections', undefined, { name: '夜景' }), 401);
    expectRefused(await call('GET', '/users/999999/collections'), 404);
    expectRefused(await call('GET', '/collections/999999'), 404);
    expectRefused(await call('GET', `/collections/1?cursor=x`, owner), 400);
    expectRefused(await call('PUT', `/collections/999999/photos/${photos[0]}`, owner), 404);
    // The hundred-and-first collection is refused, even when two tabs ask at once for the last place.
    const many = await makeUser(t);
    await t.database.db
      .insertInto('collections')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          user_id: many.id,
          name: `第${i}个`,
          description: '',
          public: 0,
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    const last = await Promise.all([1, 2].map((i) => call('POST', '/collections', many, { name: `最后${i}` })));
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expectChineseError(last.find((r) => r.statusCode === 400)!.json());
    expect((await call('GET', `/users/${many.id}/collections`, many)).json<CollectionsResponse>().items).toHaveLength(100);
  });

  it('takes a member’s collections and sightings with their deleted account', async () => {
    const leaving = await makeUser(t);
    const id = await create({ name: '告别', public: true }, leaving);
    expect((await call('POST', '/sightings', leaving, { registration: 'B-1001', public: true })).statusCode).toBe(200);
    expect((await call('GET', `/collections/${id}`)).statusCode).toBe(200);
    await t.services.profile.deleteMe(leaving.id, leaving.password);
    expectRefused(await call('GET', `/collections/${id}`), 404);
    expectRefused(await call('GET', `/feeds/collections/${id}`), 404);
    const left = async (table: 'collections' | 'sightings') =>
      (await t.database.db.selectFrom(table).select('id').where('user_id', '=', leaving.id).execute()).length;
    expect([await left('collections'), await left('sightings')]).toEqual([0, 0]);
  });
});
