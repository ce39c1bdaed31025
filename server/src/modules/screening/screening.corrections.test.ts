import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '../../../../contract/screening.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  insertPhoto,
  makeUser,
  seedReference,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 34, item 15: the history named a corrected airport `#27`, and corrections typed before 升级 went
// with it although the page said nothing of it.
describe.each(databaseKinds())('screening corrections on %s', (kind) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof seedReference>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ref = await seedReference(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, user: User, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload ? { payload } : {}) });

  it('names the reference entries a correction changed in the history, before and after', async () => {
    const uploader = await makeUser(t);
    const s = await makeUser(t, 1);
    const id = await insertPhoto(t, uploader.id, { airport_id: ref.pvg.id, in_flight: 0 });
    await call('POST', `/screening/photos/${id}/lock`, s);
    const res = await call('POST', `/screening/photos/${id}/decision`, s, {
      decision: 'accept',
      facts: { airportId: ref.pek.id, airlineId: ref.cca.id, registration: 'B-30EE' },
    });
    expect(res.statusCode).toBe(200);
    const senior = await makeUser(t, 2);
    const view = (await call('GET', `/screening/photos/${id}`, senior)).json();
    const last = view.history.at(-1);
    expect(last.facts.airportId).toEqual([ref.pvg.id, ref.pek.id]);
    expect(last.labels).toEqual({
      airportId: ['上海浦东国际机场 ZSPD/PVG', '北京首都国际机场 ZBAA/PEK'],
      airlineId: [null, '中国国际航空'],
    });
    // The queue's tab of recent decisions reads the same names.
    const decided = (await call('GET', '/screening/queue?tab=decided', senior)).json();
    const row = decided.items.find((r: { photo: { id: number } }) => r.photo.id === id);
    expect(row.lastEvent.labels.airportId).toEqual(['上海浦东国际机场 ZSPD/PVG', '北京首都国际机场 ZBAA/PEK']);
  });

  it('refuses corrections sent with 升级: they go with 通过 or 拒绝', async () => {
    const uploader = await makeUser(t);
    const s = await makeUser(t, 1);
    const id = await insertPhoto(t, uploader.id, { airport_id: ref.pvg.id, in_flight: 0 });
    await call('POST', `/screening/photos/${id}/lock`, s);
    const res = await call('POST', `/screening/photos/${id}/decision`, s, {
      decision: 'escalate',
      message: '机场可能不对，请资深审图员确认',
      facts: { airportId: ref.pek.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SCREENING_MESSAGES.noCorrectionsWithEscalate);
    const row = await t.database.db
      .selectFrom('photos')
      .select(['state', 'airport_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'pending', airport_id: ref.pvg.id });
  });
});
