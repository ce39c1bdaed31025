import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  makeUser,
  multipartBody,
  seedReference,
  type TestApp,
} from '../../testing/harness.js';

// Issue 38, item 5: a photo in the 军用航空器 category is taken only with the uploader's word that it was
// shot where photography is allowed, and screeners have a reason of its own, 涉及军事敏感, which the
// uploader reads with its guide.
describe.each(databaseKinds())('military subjects on %s', (kind) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof seedReference>>;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ref = await seedReference(t);
    jpeg = await makeJpeg({ exif: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const meta = (over: Record<string, unknown>) => ({
    registration: 'B-1234',
    aircraftTypeId: ref.a320.id,
    airportId: ref.pek.id,
    takenOn: '2024-05-01',
    categories: ['military'],
    queue: 'normal',
    watermark: null,
    ...over,
  });
  let copies = 0;
  async function upload(token: string, over: Record<string, unknown>) {
    const { payload, headers } = await multipartBody({ file: asAnotherFile(jpeg, ++copies), meta: meta(over) });
    return t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(token) } });
  }

  it('refuses a military photo without the uploader’s confirmation, in Chinese, keeping nothing', async () => {
    const member = await makeUser(t);
    for (const over of [{}, { militaryConfirmed: false }, { categories: ['airliner', 'military'] }]) {
      const res = await upload(member.token, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expectChineseError(res.json());
      expect(res.json().message).toContain('请确认照片拍摄于允许摄影的地点');
    }
    const kept = await t.database.db.selectFrom('photos').select('id').where('uploader_id', '=', member.id).execute();
    expect(kept).toEqual([]);
    // Other categories ask nothing.
    expect((await upload(member.token, { categories: ['airliner'] })).statusCode).toBe(201);
  });

  it('asks the same of an owner who edits the category in, and takes no edit that is only the confirmation', async () => {
    const member = await makeUser(t);
    const sent = await upload(member.token, { categories: ['airliner'], registration: 'B-4321' });
    const id = sent.json().photo.id as number;
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/photos/${id}`, headers: bearer(member.token), payload });
    const refused = await edit({ categories: ['airliner', 'military'] });
    expect(refused.statusCode).toBe(400);
    expectChineseError(refused.json());
    expect(refused.json().message).toContain('请确认照片拍摄于允许摄影的地点');
    expect((await edit({ militaryConfirmed: true })).statusCode).toBe(400);
    const taken = await edit({ categories: ['airliner', 'military'], militaryConfirmed: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().photo.categories).toEqual(['airliner', 'military']);
    // Other facts of a photo already in the category ask nothing.
    expect((await edit({ remark: '开放日' })).statusCode).toBe(200);
  });

  it('takes it confirmed; a screener may reject it as 涉及军事敏感, which the uploader reads with its guide', async () => {
    const member = await makeUser(t);
    const screener = await makeUser(t, 1);
    const sent = await upload(member.token, { militaryConfirmed: true, registration: 'B-5678' });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().photo.id as number;
    expect(sent.json().photo.categories).toEqual(['military']);

    const call = (url: string, body?: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(screener.token), ...(body ? { payload: body } : {}) });
    expect((await call(`/screening/photos/${id}/lock`)).statusCode).toBe(200);
    const decided = await call(`/screening/photos/${id}/decision`, { decision: 'reject', reasons: ['military'] });
    expect(decided.statusCode, decided.body).toBe(200);

    const rejected = await t.app.inject({ method: 'GET', url: '/api/v1/queue/reject', headers: bearer(member.token) });
    const items = (
      rejected.json() as { items: { photo: { id: number }; reasons: { code: string; title: string; guide: string }[] }[] }
    ).items;
    const item = items.find((i) => i.photo.id === id);
    expect(item?.reasons).toEqual([expect.objectContaining({ code: 'military', title: '涉及军事敏感' })]);
    expect(item?.reasons[0]?.guide).toContain('请勿拍摄或上传');
  });
});
