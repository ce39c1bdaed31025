import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../contract/texts.js';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  inFlightMeta,
  makeUser,
  multipartBody,
  seedReference,
  storageKinds,
  type TestApp,
} from '../../testing/harness.js';
import { FilesCheck } from './files-check.js';

const cases = databaseKinds().flatMap((db) => storageKinds.map((storage) => [db, storage] as const));

// Issue 34, item 5: an upload refused because the disk filled up while its files were being written
// leaves none of them behind, whichever write failed first and however long the others took.
describe.each(cases)('an upload meeting a full disk on %s with %s storage', (kind, storage) => {
  let t: TestApp;
  let typeId: number;
  let jpeg: Buffer;
  const writes: Promise<unknown>[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, storage);
    typeId = (await seedReference(t)).a320.id;
    jpeg = await makeJpeg({ width: 1600, height: 1067 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The store as a disk that just filled up: one rendition fails at once, the other files land a moment later. */
  const fillDisk = () => {
    const put = t.storage.put.bind(t.storage);
    t.storage.put = (key, body, contentType) => {
      const write = key.endsWith('-320.webp')
        ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
        : new Promise((resolve) => setTimeout(resolve, 300)).then(() => put(key, body, contentType));
      writes.push(write.catch(() => undefined));
      return write;
    };
    return () => {
      t.storage.put = put;
    };
  };

  const upload = async (token: string, registration: string) => {
    const { payload, headers } = await multipartBody({
      file: asAnotherFile(jpeg, registration),
      meta: inFlightMeta(typeId, registration),
    });
    return t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(token) } });
  };

  const stored = async () => {
    const keys: string[] = [];
    for await (const key of t.storage.list()) keys.push(key);
    return keys.sort();
  };

  it('answers 503 in Chinese and keeps none of the files written before the refusal', async () => {
    const member = await makeUser(t);
    const emptyDisk = fillDisk();
    try {
      const res = await upload(member.token, 'B-5001');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json<{ message: string }>().message).toBe(MESSAGES.diskFull);
      expectChineseError(res.json());
      // The writes still under way when the refusal came have ended by now, one way or the other.
      await Promise.all(writes);
    } finally {
      emptyDisk();
    }
    expect(await stored()).toEqual([]);
    const report = await new FilesCheck(t.database.db, t.clock, t.storage).run({ repair: false });
    expect(report).toMatchObject({ filesWithoutRows: [], rowsWithoutFiles: [], inFlight: 0 });
    expect(await t.database.db.selectFrom('upload_intents').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);

    // With room again, the same photo goes through.
    const again = await upload(member.token, 'B-5001');
    expect(again.statusCode, again.body).toBe(201);
  });
});
