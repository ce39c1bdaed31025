import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perceptualHash } from '../../../../contract/image-analysis.js';
import { ownCopyMessage, PHOTO_MESSAGES } from '../../../../contract/photos.js';
import { asAnotherFile, makeJpeg, withClaimedSize } from '../../testing/images.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  makeUser,
  multipartBody,
  seedReference,
  storageKinds,
  type TestApp,
} from '../../testing/harness.js';
import { toJson } from '../../db/json.js';

const cases = databaseKinds().flatMap((db) => storageKinds.map((storage) => [db, storage] as const));

describe.each(cases)('photos API on %s with %s storage', (kind, storage) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof seedReference>>;
  let baseJpeg: Buffer;

  beforeAll(async () => {
    // The quota race below needs 20 parallel uploads of one member in flight (and waiting to decode) at once.
    t = await createTestApp(kind, { UPLOADS_PER_MEMBER: '20', DECODE_QUEUE: '20' }, storage);
    ref = await seedReference(t);
    baseJpeg = await makeJpeg({ exif: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  let regCounter = 0;
  // One picture as a new file each time: a member cannot send the very same file twice.
  let copies = 0;
  const fresh = () => asAnotherFile(baseJpeg, ++copies);
  const meta = (over: Record<string, unknown> = {}) => ({
    registration: `B-${1000 + ++regCounter}`,
    aircraftTypeId: ref.a320.id,
    airlineId: ref.cca.id,
    airportId: ref.pek.id,
    takenOn: '2024-05-01',
    categories: ['airliner'],
    queue: 'normal',
    watermark: null,
    ...over,
  });

  async function upload(token: string, parts: Parameters<typeof multipartBody>[0]) {
    const { payload, headers } = await multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(token) } });
  }

  const expectRefusal = (res: { statusCode: number; json(): { message: string } }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  };

  it('stores a pending photo with four WebP renditions free of metadata and a byte-identical private original', async () => {
    const u = await makeUser(t);
    const big = await makeJpeg({ width: 4096, height: 2731, exif: true, seed: 7 });
    const res = await upload(u.token, { file: big, meta: meta({ watermark: { x: 3900, y: 2600, scale: 1, opacity: 0.5 } }) });
    expect(res.statusCode).toBe(201);
    const { photo, message } = res.json();
    expect(message).toBe(PHOTO_MESSAGES.uploaded);
    expect(photo).toMatchObject({
      state: 'pending',
      queue: 'normal',
      width: 4096,
      height: 2731,
      registration: expect.stringMatching(/^B-/),
    });
    expect(photo.exif).toMatchObject({
      camera: 'Canon EOS R5',
      lens: 'RF100-500mm F4.5-7.1 L IS USM',
      takenAt: '2024:05:01 23:30:00',
    });
    expect(photo.thumbhash.length).toBeGreaterThan(10);
    expect(photo.checks.advice).toEqual(expect.any(Array));
    expect(photo.renditions.map((r: { width: number }) => r.width)).toEqual([320, 640, 960, 1280, 2560]);

    for (const r of photo.renditions as { width: number; height: number; url: string }[]) {
      const img = await t.app.inject({ method: 'GET', url: r.url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.url).toMatch(/^\/img\/[a-f0-9]{20}-\d+\.webp$/);
      // Revalidation by ETag answers 304 without a body.
      const again = await t.app.inject({ method: 'GET', url: r.url, headers: { 'if-none-match': String(img.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const m = await sharp(img.rawPayload).metadata();
      expect(m.format).toBe('webp');
      expect(m.width).toBe(r.width);
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from('Canon'))).toBe(false);
    }

    const screener = await makeUser(t, 1);
    for (const token of [u.token, screener.token]) {
      const orig = await t.app.inject({ method: 'GET', url: `/api/v1/photos/${photo.id}/original`, headers: bearer(token) });
      expect(orig.statusCode).toBe(200);
      expect(createHash('sha256').update(orig.rawPayload).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    }
    const stranger = await makeUser(t);
    for (const headers of [bearer(stranger.token), {}]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/photos/${photo.id}/original`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/photos/${photo.id}`, headers })).statusCode).toBe(404);
    }
    const own = (await t.app.inject({ method: 'GET', url: `/api/v1/photos/${photo.id}`, headers: bearer(u.token) })).json();
    expect(own.id).toBe(photo.id);
    expect(JSON.stringify(own)).not.toMatch(/originals\/|sha256|storage/);
  });

  it('refuses bad files with the right status and Chinese message', async () => {
    const u = await makeUser(t);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#88aaff' } })
      .png()
      .toBuffer();
    expectRefusal(await upload(u.token, { file: png, filename: 'plane.jpg', meta: meta() }), 415, PHOTO_MESSAGES.notJpeg);

    const huge = Buffer.concat([baseJpeg, Buffer.alloc(16 * 1024 * 1024, 7)]);
    expectRefusal(await upload(u.token, { file: huge, meta: meta() }), 413, PHOTO_MESSAGES.tooLarge);

    expectRefusal(
      await upload(u.token, { file: await makeJpeg({ width: 1000, height: 750 }), meta: meta() }),
      400,
      PHOTO_MESSAGES.longEdge,
    );
    expectRefusal(
      await upload(u.token, { file: await makeJpeg({ width: 5000, height: 3000 }), meta: meta() }),
      400,
      PHOTO_MESSAGES.longEdge,
    );
    expectRefusal(
      await upload(u.token, { file: await makeJpeg({ width: 1600, height: 600 }), meta: meta() }),
      400,
      PHOTO_MESSAGES.shortEdge,
    );

    const truncated = baseJpeg.subarray(0, Math.floor(baseJpeg.length * 0.6));
    expectRefusal(await upload(u.token, { file: truncated, meta: meta() }), 400, PHOTO_MESSAGES.corrupt);

    const bomb = withClaimedSize(baseJpeg, 30000, 30000);
    const before = process.memoryUsage().rss;
    expectRefusal(await upload(u.token, { file: bomb, meta: meta() }), 400, PHOTO_MESSAGES.tooManyPixels);
    // 30000×30000×3 bytes would be 2.7 GB decoded; the header check refuses before any decode.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/v1/queue/upload', headers: bearer(u.token) })).json();
    expect(queue.items).toHaveLength(0);
  });

  it('refuses missing fields and unknown reference ids, naming the field', async () => {
    const u = await makeUser(t);
    const noFile = await upload(u.token, { meta: meta() });
    expectRefusal(noFile, 400, PHOTO_MESSAGES.missingFile);
    expectRefusal(await upload(u.token, { file: baseJpeg }), 400, PHOTO_MESSAGES.missingMeta);
    expectRefusal(await upload(u.token, { file: baseJpeg, metaRaw: '{not json' }), 400, PHOTO_MESSAGES.missingMeta);

    const { registration: _r, ...noReg } = meta();
    const missing = await upload(u.token, { file: baseJpeg, meta: noReg });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toEqual(['registration']);

    const noAirport = await upload(u.token, { file: baseJpeg, meta: meta({ airportId: undefined }) });
    expect(noAirport.json().issues[0]).toEqual({ path: ['airportId'], message: PHOTO_MESSAGES.airportRequired });

    const huge = await upload(u.token, { file: baseJpeg, meta: meta({ aircraftTypeId: 3_000_000_000 }) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().issues[0].path).toEqual(['aircraftTypeId']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/photos/4000000000', headers: bearer(u.token) })).statusCode).toBe(
      400,
    );

    const unknown = await upload(u.token, { file: baseJpeg, meta: meta({ aircraftTypeId: 999999, airportId: 888888 }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: ['aircraftTypeId'], message: PHOTO_MESSAGES.unknownType },
      { path: ['airportId'], message: PHOTO_MESSAGES.unknownAirport },
    ]);

    const future = await upload(u.token, { file: baseJpeg, meta: meta({ takenOn: '2999-01-01' }) });
    expectRefusal(future, 400, PHOTO_MESSAGES.futureDate);
    // Before the first powered flight: refused with that rule, not as "later than today".
    const early = await upload(u.token, { file: baseJpeg, meta: meta({ takenOn: '1900-01-01' }) });
    expectRefusal(early, 400, PHOTO_MESSAGES.tooEarlyDate);
    const unknownField = await upload(u.token, { file: baseJpeg, meta: meta({ camera: 'EOS R5' }) });
    expectRefusal(unknownField, 400, '无法识别的字段：camera');

    const wrongTypes = await upload(u.token, {
      file: baseJpeg,
      meta: meta({ registration: 42, categories: 'airliner', queue: 3, watermark: 'corner', inFlight: 'yes' }),
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().issues.length).toBeGreaterThanOrEqual(4);
    expectChineseError(wrongTypes.json());

    const json = await t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: bearer(u.token), payload: meta() });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/photos', payload: meta() })).statusCode).toBe(401);
  });

  it('enforces the queue quota and three waiting photos per registration', async () => {
    const u = await makeUser(t);
    await t.database.db.updateTable('users').set({ queue_slots: 4, priority_slots: 1 }).where('id', '=', u.id).execute();
    for (let i = 0; i < 3; i++)
      expect((await upload(u.token, { file: fresh(), meta: meta({ registration: 'b-6001' }) })).statusCode).toBe(201);
    const fourth = await upload(u.token, { file: fresh(), meta: meta({ registration: 'B6001' }) });
    expectRefusal(fourth, 409, PHOTO_MESSAGES.registrationFull);
    expect((await upload(u.token, { file: fresh(), meta: meta() })).statusCode).toBe(201);
    expectRefusal(await upload(u.token, { file: fresh(), meta: meta() }), 409, PHOTO_MESSAGES.queueFull);
    expect((await upload(u.token, { file: fresh(), meta: meta({ queue: 'priority' }) })).statusCode).toBe(201);
    expectRefusal(await upload(u.token, { file: fresh(), meta: meta({ queue: 'priority' }) }), 409, PHOTO_MESSAGES.queueFull);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/v1/queue/upload', headers: bearer(u.token) })).json();
    expect(queue.slots).toEqual({ normal: 4, priority: 1, normalUsed: 4, priorityUsed: 1 });
    expect(queue.items.map((i: { position: number }) => i.position).every((p: number) => p >= 1)).toBe(true);
    const dup = queue.items[1].photo.checks.duplicates;
    expect(dup.length).toBeGreaterThan(0);
  });

  it('lets exactly 10 of 20 concurrent uploads through with 10 free slots', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(u.token, { file: fresh(), meta: meta({ registration: `B-${7000 + i}` }) })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/v1/queue/upload', headers: bearer(u.token) })).json();
    expect(queue.items).toHaveLength(10);
  });

  it('finds look-alikes of a picture before it is sent', async () => {
    const u = await makeUser(t);
    const { photo } = (await upload(u.token, { file: baseJpeg, meta: meta() })).json();
    const grey = await sharp(baseJpeg).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
    const phash = perceptualHash(grey);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/photos/duplicates?phash=${phash}`, headers: bearer(u.token) });
    expect(res.json().items.map((d: { photoId: number }) => d.photoId)).toContain(photo.id);
    const stranger = await makeUser(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/photos/duplicates?phash=${phash}`,
      headers: bearer(stranger.token),
    });
    expect(theirs.json().items.map((d: { photoId: number }) => d.photoId)).not.toContain(photo.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/photos/duplicates?phash=xyz', headers: bearer(u.token) })).statusCode,
    ).toBe(400);
  });

  // Issue 19, item 3: the very same file again.
  it("refuses an exact copy of one's own waiting or accepted photo, naming it, and marks others' copies as exact", async () => {
    const u = await makeUser(t);
    const file = await makeJpeg({ seed: 71 });
    const sha256 = createHash('sha256').update(file).digest('hex');
    const first = (await upload(u.token, { file, meta: meta() })).json().photo as { id: number };
    const again = await upload(u.token, { file, meta: meta() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: ownCopyMessage(first.id, 'pending') });
    expect(again.json().message).toBe(`这张图片与你的图片 #${first.id}（待审）完全相同，不能重复上传`);
    // The same picture as another file (a comment more) is a look-alike, not a copy.
    const sameLook = await upload(u.token, { file: asAnotherFile(file, 1), meta: meta() });
    expect(sameLook.statusCode).toBe(201);
    expect(sameLook.json().photo.checks.duplicates).toContainEqual({ photoId: first.id, distance: 0 });

    await t.database.db.updateTable('photos').set({ state: 'accepted' }).where('id', '=', first.id).execute();
    expect((await upload(u.token, { file, meta: meta() })).json().message).toBe(ownCopyMessage(first.id, 'accepted'));
    const ask = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/photos/duplicates?phash=${'0'.repeat(16)}&sha256=${sha256}`,
        headers: bearer(token),
      });
    const mine = (await ask(u.token)).json();
    expect(mine.ownCopy).toEqual({ photoId: first.id, message: ownCopyMessage(first.id, 'accepted') });
    expect(mine.items).toContainEqual(expect.objectContaining({ photoId: first.id, exact: true }));

    // Someone else's copy of an accepted photo reaches the screeners marked as the very same file.
    const stranger = await makeUser(t);
    expect((await ask(stranger.token)).json().ownCopy).toBeNull();
    const theirs = await upload(stranger.token, { file, meta: meta() });
    expect(theirs.statusCode).toBe(201);
    const checks = theirs.json().photo.checks;
    expect(checks.duplicates[0]).toEqual({ photoId: first.id, distance: 0, exact: true });
    expect(checks.advice).toContain(`与图片 #${first.id} 完全相同（同一个文件），可能是重复上传`);

    // A rejected photo may be sent again; two tabs sending the same file at once make one photo.
    await t.database.db.updateTable('photos').set({ state: 'rejected' }).where('id', '=', first.id).execute();
    const both = await Promise.all([upload(u.token, { file, meta: meta() }), upload(u.token, { file, meta: meta() })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .selectFrom('photos')
      .select('id')
      .where('uploader_id', '=', u.id)
      .where('sha256', '=', sha256)
      .where('state', '=', 'pending')
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/photos/duplicates?phash=${'0'.repeat(16)}&sha256=xyz`,
          headers: bearer(u.token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('withdraws: the slot is free at once and the files are gone', async () => {
    const u = await makeUser(t);
    await t.database.db.updateTable('users').set({ queue_slots: 1 }).where('id', '=', u.id).execute();
    const { photo } = (await upload(u.token, { file: baseJpeg, meta: meta() })).json();
    expectRefusal(await upload(u.token, { file: baseJpeg, meta: meta() }), 409, PHOTO_MESSAGES.queueFull);
    const other = await makeUser(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/photos/${photo.id}/withdraw`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${photo.id}/withdraw`, headers: bearer(u.token) });
    expect(res.json()).toEqual({ message: PHOTO_MESSAGES.withdrawn });
    for (const r of photo.renditions) expect((await t.app.inject({ method: 'GET', url: r.url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/photos/${photo.id}/original`, headers: bearer(u.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/photos/${photo.id}/withdraw`, headers: bearer(u.token) })).statusCode,
    ).toBe(409);
    expect((await upload(u.token, { file: baseJpeg, meta: meta() })).statusCode).toBe(201);
  });

  it('writes a registration sent in any spelling as its country does, on upload and on edit', async () => {
    const u = await makeUser(t);
    const sent = async (registration: string) =>
      (await upload(u.token, { file: fresh(), meta: meta({ registration }) })).json().photo.registration;
    expect(await sent('b1234')).toBe('B-1234');
    expect(await sent('n-123ab')).toBe('N123AB');
    expect(await sent('9vsqa')).toBe('9V-SQA');
    // What fits no country's format is kept as sent, upper-cased: a military serial, 无注册号.
    expect(await sent('za147')).toBe('ZA147');
    expect(await sent('NO-REG')).toBe('NO-REG');
    const { photo } = (await upload(u.token, { file: fresh(), meta: meta() })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/${photo.id}`,
      headers: bearer(u.token),
      payload: { registration: 'ja873a' },
    });
    expect(edit.json().photo.registration).toBe('JA873A');
    const row = await t.database.db
      .selectFrom('photos')
      .select(['registration', 'registration_key'])
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ registration: 'JA873A', registration_key: 'JA873A' });
  });

  it('keeps a Mode S address a member gives, checked against the registration’s state (issue 39)', async () => {
    const u = await makeUser(t);
    const sent = (registration: string, modeS: string) => upload(u.token, { file: fresh(), meta: meta({ registration, modeS }) });
    const ok = await sent('b1234', '0x780A1B');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().photo.modeS).toBe('780a1b');
    for (const [registration, modeS, message] of [
      ['B-1234', 'A00001', '中国的 Mode S 代码在 780000–7BFFFF 之间，A00001 不在其中'],
      ['N12345', '780a1b', '美国注册号的 Mode S 代码由注册号算出：N12345 是 A061D9'],
      ['B-1234', '780a1', 'Mode S 代码是 6 位十六进制数（0–9、A–F），如 780A1B'],
    ] as const) {
      const refused = await sent(registration, modeS);
      expect(refused.statusCode, modeS).toBe(400);
      expectChineseError(refused.json());
      expect(refused.json().issues.map((i: { path: string[] }) => i.path.at(-1))).toContain('modeS');
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    // An edit is checked against the registration after it: a new state's registration needs its own address.
    const id = ok.json().photo.id;
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/photos/${id}`, headers: bearer(u.token), payload });
    const moved = await edit({ registration: '9V-SQA' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('新加坡的 Mode S 代码在 768000–76FFFF 之间，780A1B 不在其中');
    expect((await edit({ registration: '9V-SQA', modeS: '76cdb1' })).json().photo.modeS).toBe('76cdb1');
    expect((await edit({ modeS: '' })).json().photo.modeS).toBeNull();
  });

  it('edits a pending photo, lists rejections with reasons, and auto-fills from accepted registrations', async () => {
    const u = await makeUser(t);
    const { photo } = (await upload(u.token, { file: baseJpeg, meta: meta({ registration: 'b-8888', msn: '1234' }) })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/${photo.id}`,
      headers: bearer(u.token),
      payload: { airportId: ref.pvg.id, aircraftTypeId: ref.b738.id },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().photo.airport.label).toBe('上海浦东国际机场 ZSPD/PVG');

    const now = t.clock.now();
    await t.database.db.updateTable('photos').set({ state: 'accepted', decided_at: now }).where('id', '=', photo.id).execute();
    const lookup = await t.app.inject({ method: 'GET', url: '/api/v1/registrations/B8888' });
    expect(lookup.json()).toMatchObject({
      found: true,
      registration: 'B-8888',
      msn: '1234',
      aircraftType: { id: ref.b738.id },
      airline: { id: ref.cca.id },
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/registrations/B-0000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ found: false, registration: 'B-0000', msn: null, aircraftType: null, airline: null });
    // An accepted photo: the MSN is not a key fact, so it stays in the gallery…
    const msn = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/${photo.id}`,
      headers: bearer(u.token),
      payload: { msn: '9' },
    });
    expect(msn.json()).toMatchObject({ message: PHOTO_MESSAGES.saved, photo: { state: 'accepted', msn: '9' } });
    // …while a new registration sends it back to screening, recorded with the facts changed.
    const reg = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/${photo.id}`,
      headers: bearer(u.token),
      payload: { registration: 'B-8889' },
    });
    expect(reg.json()).toMatchObject({
      message: PHOTO_MESSAGES.backToQueue,
      photo: { state: 'pending', registration: 'B-8889' },
    });
    const event = await t.database.db
      .selectFrom('screening_events')
      .selectAll()
      .where('photo_id', '=', photo.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ from_state: 'accepted', to_state: 'pending', actor_id: u.id });
    expect(JSON.parse(event.facts)).toEqual({ registration: ['B-8888', 'B-8889'] });
    await t.database.db.updateTable('photos').set({ state: 'rejected' }).where('id', '=', photo.id).execute();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/photos/${photo.id}`, headers: bearer(u.token), payload: { msn: '7' } }))
        .statusCode,
    ).toBe(409);

    const { photo: second } = (await upload(u.token, { file: baseJpeg, meta: meta() })).json();
    await t.database.db.updateTable('photos').set({ state: 'rejected', decided_at: now }).where('id', '=', second.id).execute();
    await t.database.db
      .insertInto('screening_events')
      .values({
        photo_id: second.id,
        actor_id: null,
        from_state: 'pending',
        to_state: 'rejected',
        reasons: toJson(['horizon', 'dust']),
        message: '右上角有脏点',
        created_at: now,
      })
      .execute();
    const rejects = (await t.app.inject({ method: 'GET', url: '/api/v1/queue/reject', headers: bearer(u.token) })).json();
    expect(rejects.items).toHaveLength(1);
    expect(rejects.items[0]).toMatchObject({ message: '右上角有脏点', photo: { id: second.id } });
    expect(rejects.items[0].reasons.map((r: { title: string }) => r.title)).toEqual(['传感器/镜头脏点', '地平不正']);

    // 30 days after the rejection its files go; the facts stay.
    expect(await t.services.files.purgeRejected()).toBe(0);
    t.clock.advance(30 * 86_400_000 + 1000);
    expect(await t.services.files.purgeRejected()).toBe(1);
    for (const r of second.renditions) expect((await t.app.inject({ method: 'GET', url: r.url })).statusCode).toBe(404);
    const fresh = await t.services.sessions.login(u.email, u.password, '10.0.0.3');
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/v1/photos/${second.id}`, headers: bearer(fresh.token) })
    ).json();
    expect(after).toMatchObject({ state: 'rejected', registration: second.registration, renditions: [] });
  });
});
