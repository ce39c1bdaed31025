import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSearchResponse, RelatedResponse, SearchResponse } from '../../../../contract/gallery.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import { PUBLIC_API_MESSAGES, type PublicPhotosResponse } from '../../../../contract/public-api.js';
import {
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { FilesCheck } from './files-check.js';
import { renditionKey } from './photos.presenter.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 34, item 2: `admin check --repair` leaves a photo whose files are lost pointing at none; every
// answer that shows it goes on without its images instead of failing.
describe.each(databaseKinds())('a photo whose files were lost on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let spotter: User;
  let kept: number;
  let lost: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: '10.34.2.1' });

  beforeAll(async () => {
    t = await createTestApp(kind);
    screener = await makeUser(t, 1);
    spotter = await makeUser(t);
    const decider = { id: screener.id, username: screener.username, level: 1 };
    kept = await insertAccepted(t, spotter.id, decider, { registration: 'B-34AA' });
    // The kept photo's renditions are stored; the lost one points at files that never were.
    for (const edge of [320, 1280, 2560]) await t.storage.put(renditionKey('abc123', edge), Buffer.from('webp'), 'image/webp');
    lost = await insertAccepted(t, spotter.id, decider, {
      registration: 'B-34AA',
      original_key: 'originals/lost.jpg',
      rendition_hash: 'lost34',
    });
    const report = await new FilesCheck(t.database.db, t.clock, t.storage).run({ repair: true });
    expect(report.repaired?.markedBroken).toEqual([lost]);
    const row = await t.database.db
      .selectFrom('photos')
      .select(['state', 'original_key', 'rendition_hash'])
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'accepted', original_key: null, rendition_hash: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stays in the Atom feed as an entry without its image', async () => {
    const res = await get('/feeds/photos?reg=B-34AA');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.body.split('<entry>').slice(1);
    expect(entries).toHaveLength(2);
    const [newest, older] = entries as [string, string];
    expect(newest).toContain(`/photo/${lost}`);
    expect(newest).not.toContain('rel="enclosure"');
    expect(newest).not.toContain('<img');
    expect(older).toContain(`/photo/${kept}`);
    expect(older).toContain('rel="enclosure"');
  });

  it('is left out of the open photo API, which still fills its page, and cannot be embedded', async () => {
    const res = await get('/public/photos?reg=B-34AA&limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicPhotosResponse>().photos.map((p) => p.id)).toEqual([kept]);
    const embed = await get(`/oembed?url=${encodeURIComponent(`${t.config.publicUrl}/photo/${lost}`)}`);
    expect(embed.statusCode, embed.body).toBe(404);
    expect(embed.json<{ message: string }>().message).toBe(PUBLIC_API_MESSAGES.notEmbeddable);
    expectChineseError(embed.json());
  });

  it('shows in the gallery as cards and photos without images', async () => {
    const cards = await get('/photos?reg=B-34AA&view=card');
    expect(cards.statusCode, cards.body).toBe(200);
    const card = cards.json<CardSearchResponse>().items.find((c) => c.id === lost)!;
    expect(card).toMatchObject({ images: null, sizes: [] });
    const full = await get('/photos?reg=B-34AA');
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json<SearchResponse>().items.find((p) => p.id === lost)!.renditions).toEqual([]);
    const one = await get(`/photos/${lost}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<PhotoResponse>().renditions).toEqual([]);
    const related = await get(`/photos/${kept}/related`);
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json<RelatedResponse>().sameRegistration.map((p) => p.id)).toContain(lost);
    const own = await get(`/users/${spotter.id}/photos?view=card`);
    expect(own.statusCode, own.body).toBe(200);
  });
});
