import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptPhoto, bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';
import { importReferenceData } from './reference.import.js';

type User = Awaited<ReturnType<typeof makeUser>>;

describe.each(databaseKinds())('reference data curation on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let member: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    screener = await makeUser(t, 1);
    member = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  const airport = (id: number) => t.database.db.selectFrom('airports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const photoAirport = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('airport_id').where('id', '=', id).executeTakeFirstOrThrow()).airport_id;
  const addAirport = async (user: User, body: Record<string, string>) => {
    const res = await call('POST', '/airports', user, body);
    expect(res.statusCode).toBe(200);
    return res.json().item.id as number;
  };
  const accept = (id: number) => acceptPhoto(t, id, { ...screener, level: 1 });
  const galleryIds = async (q: string) =>
    ((await call('GET', `/photos?q=${encodeURIComponent(q)}`, null)).json().items as { id: number }[]).map((i) => i.id);

  it('merges a duplicate: its photos and a pending suggestion move in one go, the gallery finds them under the survivor', async () => {
    const survivor = await addAirport(screener, {
      icao: 'ZGGG',
      iata: 'CAN',
      nameZh: '广州白云国际机场',
      nameEn: 'Guangzhou Baiyun',
    });
    const duplicate = await addAirport(screener, { icao: 'ZGBY', nameZh: '白云机场旧条目', nameEn: 'Baiyun Old Entry' });
    const suggestion = await addAirport(member, { iata: 'BYX', nameEn: 'Baiyun Suggested' });
    expect((await airport(suggestion)).status).toBe('pending');
    const accepted = await insertPhoto(t, member.id, { airport_id: duplicate, in_flight: 0 });
    await accept(accepted);
    const waiting = await insertPhoto(t, member.id, { airport_id: suggestion, in_flight: 0 });
    expect(await galleryIds('ZGBY')).toContain(accepted);

    const res = await call('POST', `/airports/${duplicate}/merge`, screener, { intoId: survivor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: '已合并', moved: 1 });
    const res2 = await call('POST', `/airports/${suggestion}/merge`, screener, { intoId: survivor });
    expect(res2.json()).toMatchObject({ moved: 1 });

    expect(await photoAirport(accepted)).toBe(survivor);
    expect(await photoAirport(waiting)).toBe(survivor);
    expect(await airport(duplicate)).toMatchObject({ status: 'merged', merged_into: survivor });
    expect(await airport(suggestion)).toMatchObject({ status: 'merged', merged_into: survivor });
    expect((await airport(survivor)).edited).toBe(1);
    // The member whose suggestion was merged learns which entry their photo now names.
    const told = (await call('GET', '/notifications', member)).json().items as { title: string; body: string }[];
    expect(told.find((n) => n.title === '你建议的机场已合并到现有条目')?.body).toContain('广州白云国际机场');
    // The duplicate is gone from the selectors; its photo is found by the survivor's names and codes.
    const listed = (await call('GET', '/airports?q=ZGBY', screener)).json().items as unknown[];
    expect(listed).toHaveLength(0);
    expect(await galleryIds('CAN')).toContain(accepted);
    expect(await galleryIds('ZGBY')).not.toContain(accepted);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'airports.merge')
      .where('target_id', '=', duplicate)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: screener.id, created_at: t.clock.now() });
    // Merged entries cannot be merged, edited or merged into again.
    expect((await call('POST', `/airports/${duplicate}/merge`, screener, { intoId: survivor })).statusCode).toBe(404);
    expect((await call('POST', `/airports/${survivor}/merge`, screener, { intoId: duplicate })).statusCode).toBe(409);
    expect((await call('POST', `/airports/${survivor}/merge`, screener, { intoId: survivor })).statusCode).toBe(400);
  });

  it('leaves both entries and their photos as they were when the merge fails half-way', async () => {
    const survivor = await addAirport(screener, {
      icao: 'ZUUU',
      iata: 'CTU',
      nameZh: '成都双流国际机场',
      nameEn: 'Chengdu Shuangliu',
    });
    const duplicate = await addAirport(screener, { icao: 'ZUSL', nameEn: 'Shuangliu Duplicate' });
    const photo = await insertPhoto(t, member.id, { airport_id: duplicate, in_flight: 0 });
    await accept(photo);
    // Marking the duplicate merged comes after the photos moved: a trigger makes exactly that step fail.
    if (kind === 'sqlite') {
      await sql`create trigger fail_merge before update of status on airports when new.status = 'merged'
        begin select raise(abort, 'forced'); end`.execute(t.database.db);
    } else {
      await sql`create function fail_merge() returns trigger as $$ begin raise exception 'forced'; end $$ language plpgsql`.execute(
        t.database.db,
      );
      await sql`create trigger fail_merge before update on airports for each row when (new.status = 'merged')
        execute function fail_merge()`.execute(t.database.db);
    }
    const before = [await airport(survivor), await airport(duplicate)];
    const versionBefore = await t.database.db.selectFrom('gallery_state').select('version').executeTakeFirst();
    const actor = { id: screener.id, username: screener.username, level: 1, sessionId: 0 };
    await expect(t.services.curation.merge(actor, 'airports', duplicate, survivor)).rejects.toThrow();
    if (kind === 'sqlite') await sql`drop trigger fail_merge`.execute(t.database.db);
    else await sql`drop trigger fail_merge on airports`.execute(t.database.db);

    expect([await airport(survivor), await airport(duplicate)]).toEqual(before);
    expect(await photoAirport(photo)).toBe(duplicate);
    expect(await galleryIds('ZUSL')).toContain(photo);
    expect(await t.database.db.selectFrom('gallery_state').select('version').executeTakeFirst()).toEqual(versionBefore);
    const audit = await t.database.db.selectFrom('audit_log').select('id').where('target_id', '=', duplicate).execute();
    expect(audit.filter(() => true)).toHaveLength(0);
  });

  it('of two opposite merges at once, exactly one happens', async () => {
    const a = await addAirport(screener, { icao: 'ZZMA', nameEn: 'Merge A' });
    const b = await addAirport(screener, { icao: 'ZZMB', nameEn: 'Merge B' });
    const actor = { id: screener.id, username: screener.username, level: 1, sessionId: 0 };
    const results = await Promise.allSettled([
      t.services.curation.merge(actor, 'airports', a, b),
      t.services.curation.merge(actor, 'airports', b, a),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const statuses = [(await airport(a)).status, (await airport(b)).status].sort();
    expect(statuses).toEqual(['available', 'merged']);
    // Through HTTP the loser gets a 4xx with a Chinese message (a PostgreSQL deadlock included), never a 500.
    const c = await addAirport(screener, { icao: 'ZZMC', nameEn: 'Merge C' });
    const d = await addAirport(screener, { icao: 'ZZMD', nameEn: 'Merge D' });
    const answers = await Promise.all([
      call('POST', `/airports/${c}/merge`, screener, { intoId: d }),
      call('POST', `/airports/${d}/merge`, screener, { intoId: c }),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    expect(answers.find((r) => r.statusCode !== 200)!.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a re-import of the public datasets after a merge changes nothing', async () => {
    await importReferenceData(t.database.db, t.clock.now());
    const find = async (icao: string) =>
      (
        await t.database.db
          .selectFrom('airports')
          .select('id')
          .where('icao', '=', icao)
          .where('external_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).id;
    const pek = await find('ZBAA');
    const nay = await find('ZBNY');
    const photo = await insertPhoto(t, member.id, { airport_id: nay, in_flight: 0 });
    expect((await call('POST', `/airports/${nay}/merge`, screener, { intoId: pek })).statusCode).toBe(200);
    const snapshot = async () => ({
      rows: await t.database.db.selectFrom('airports').selectAll().where('id', 'in', [pek, nay]).orderBy('id').execute(),
      photo: await photoAirport(photo),
      count: (
        await t.database.db
          .selectFrom('airports')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const before = await snapshot();
    expect(before.rows.find((r) => r.id === nay)).toMatchObject({ status: 'merged', merged_into: pek });
    await importReferenceData(t.database.db, t.clock.now() + 1000);
    expect(await snapshot()).toEqual(before);
  });

  it('edits an entry (marked edited, photos re-indexed), deletes an unused one and refuses a used one', async () => {
    const id = await addAirport(screener, { icao: 'ZZWH', nameEn: 'Wuhan' });
    const photo = await insertPhoto(t, member.id, { airport_id: id, in_flight: 0 });
    await accept(photo);
    const res = await call('PUT', `/airports/${id}`, screener, {
      icao: 'ZZWH',
      iata: 'Q9H',
      nameZh: '武汉天河国际机场',
      nameEn: 'Wuhan Tianhe',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ iata: 'Q9H', nameZh: '武汉天河国际机场' });
    expect((await airport(id)).edited).toBe(1);
    expect(await galleryIds('Q9H')).toContain(photo);
    // Another airport's code is refused on the field that holds it, so the form marks the right one.
    const taken = await call('PUT', `/airports/${id}`, screener, { icao: 'ZZWH', iata: 'PEK', nameEn: 'Wuhan Tianhe' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().issues).toEqual([{ path: ['iata'], message: '已存在相同代码的机场' }]);
    expect((await call('DELETE', `/airports/${id}`, screener)).statusCode).toBe(409);
    const unused = await addAirport(screener, { icao: 'ZZES', nameEn: 'Enshi' });
    const del = await call('DELETE', `/airports/${unused}`, screener);
    expect(del.statusCode).toBe(200);
    expect((await airport(unused)).status).toBe('deleted');
    expect((await call('DELETE', `/airports/${unused}`, screener)).statusCode).toBe(404);
    expect((await call('PUT', `/airports/${id}`, member, { icao: 'ZZWH', nameEn: 'x' })).statusCode).toBe(403);
  });

  it('approves and rejects members’ suggestions, telling the suggester', async () => {
    const airline = (await call('POST', '/airlines', member, { icao: 'Q9Z', nameEn: 'Xyz Air' })).json().item.id as number;
    const type = (await call('POST', '/aircraft-types', member, { manufacturerEn: 'Comac', typeName: 'C929' })).json().item
      .id as number;
    const waiting = (await call('GET', '/reference/pending', screener)).json().airlines as {
      id: number;
      suggestedBy: { id: number; username: string } | null;
      suggestedAt: number;
    }[];
    // Who suggested it and when, for the screener deciding it.
    expect(waiting.find((a) => a.id === airline)).toMatchObject({
      suggestedBy: { id: member.id, username: member.username },
      suggestedAt: t.clock.now(),
    });
    expect((await call('POST', `/airlines/${airline}/approve`, screener)).json().message).toBe('已通过');
    expect((await call('POST', `/airlines/${airline}/approve`, screener)).statusCode).toBe(409);
    expect((await call('POST', `/aircraft-types/${type}/reject`, screener, { reason: '重复条目' })).statusCode).toBe(200);
    const inbox = (await call('GET', '/notifications', member)).json().items as { kind: string; body: string }[];
    expect(inbox.map((n) => n.kind)).toEqual(expect.arrayContaining(['suggestion-approved', 'suggestion-rejected']));
    expect(inbox.find((n) => n.kind === 'suggestion-rejected')!.body).toContain('重复条目');
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', 'in', ['airlines.approve', 'aircraft_types.reject'])
      .execute();
    expect(actions).toHaveLength(2);
    expect(actions.every((a) => a.actor_id === screener.id)).toBe(true);
  });

  it('re-checks a suggestion’s codes when it is approved: one taken meanwhile is refused on its field', async () => {
    const first = (await call('POST', '/airlines', member, { icao: 'Q8Y', nameEn: 'First Suggested' })).json().item.id as number;
    const second = (await call('POST', '/airlines', member, { icao: 'Q8Y', nameEn: 'Second Suggested' })).json().item
      .id as number;
    expect((await call('POST', `/airlines/${first}/approve`, screener)).statusCode).toBe(200);
    const again = await call('POST', `/airlines/${second}/approve`, screener);
    expect(again.statusCode).toBe(409);
    expect(again.json().issues).toEqual([{ path: ['icao'], message: '已存在相同代码的航空公司' }]);
    expect(
      (await t.database.db.selectFrom('airlines').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status,
    ).toBe('pending');
    // Its own unchanged code does not count against an edit.
    const own = await call('PUT', `/airlines/${first}`, screener, { icao: 'Q8Y', nameEn: 'First Approved' });
    expect(own.statusCode).toBe(200);
  });
});
