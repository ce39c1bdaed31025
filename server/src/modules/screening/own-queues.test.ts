import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';
import { toJson } from '../../db/json.js';

const DAY = 86_400_000;

/** Screening decisions as the queue counts them, at `at`, on a photo of their own. */
async function decisions(t: TestApp, photoId: number, n: number, at: number) {
  await t.database.db
    .insertInto('screening_events')
    .values(
      Array.from({ length: n }, () => ({
        photo_id: photoId,
        actor_id: null,
        from_state: 'pending',
        to_state: 'accepted',
        reasons: toJson([]),
        message: null,
        created_at: at,
      })),
    )
    .execute();
}

describe.each(databaseKinds())('the wait estimate of /queue/upload on %s', (kind) => {
  it("follows the last day's pace, falls back to the 14-day average, and gives none without decisions", async () => {
    const t = await createTestApp(kind);
    try {
      const uploader = await makeUser(t);
      const screened = await insertPhoto(t, uploader.id, { state: 'accepted' });
      await insertPhoto(t, uploader.id);
      const estimate = async () =>
        (
          (await t.app.inject({ method: 'GET', url: '/api/v1/queue/upload', headers: bearer(uploader.token) })).json() as {
            items: { position: number; estimatedWaitDays: number | null }[];
          }
        ).items[0]!;
      expect(await estimate()).toEqual({ photo: expect.anything(), position: 1, estimatedWaitDays: null });

      // Seven decisions three days ago: half a photo a day over 14 days, so first in line waits 2 days.
      await decisions(t, screened, 7, t.clock.now() - 3 * DAY);
      expect((await estimate()).estimatedWaitDays).toBe(2);
      // Six decisions in the last three minutes: today's pace (6 a day) is what counts.
      await decisions(t, screened, 6, t.clock.now() - 3 * 60_000);
      expect((await estimate()).estimatedWaitDays).toBe(0.2);
    } finally {
      await t.close();
    }
  });
});
