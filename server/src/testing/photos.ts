import { LINK_JOB } from '../modules/airframes/airframes.service.js';
import { INDEX_JOB } from '../modules/gallery/gallery.service.js';
import type { Clock } from '../clock.js';
import type { DatabaseHandle } from '../db/database.js';
import { toJson } from '../db/json.js';
import type { NewPhoto } from '../db/schema.js';
import type { TestApp } from './harness.js';

// Photo rows for the API suites, written straight into the database (no upload pipeline, no files).

let photoCounter = 0;

/** The automatic checks of a photo that passed them all (sharp, level, no duplicate, no advice). */
export const CLEAN_CHECKS = {
  sharpness: 100,
  clippedHighlights: 0,
  clippedShadows: 0,
  colorCast: { red: 0, blue: 0 },
  tiltDegrees: null,
  duplicates: [],
  advice: [],
};

/**
 * A photo row straight into the database, for suites about what happens after an upload (screening,
 * gallery): no files, so nothing here may read its renditions. Uploads themselves are tested through
 * the real pipeline in photos.test.ts.
 */
export async function insertPhoto(
  t: { database: DatabaseHandle; clock: Clock },
  uploaderId: number,
  over: Partial<NewPhoto> = {},
): Promise<number> {
  const row = await t.database.db
    .insertInto('photos')
    .values(photoRow(t, uploaderId, over))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row `insertPhoto` writes, for suites that write thousands at once. */
export function photoRow(t: { clock: Clock }, uploaderId: number, over: Partial<NewPhoto> = {}): NewPhoto {
  photoCounter += 1;
  const now = t.clock.now();
  const registration = over.registration ?? `B-${1000 + photoCounter}`;
  return {
    uploader_id: uploaderId,
    state: 'pending',
    queue: 'normal',
    registration,
    registration_key: registration.toUpperCase().replace(/[^A-Z0-9]/g, ''),
    msn: null,
    aircraft_type_id: null,
    airline_id: null,
    airport_id: null,
    in_flight: 1,
    taken_on: '2024-05-01',
    categories: toJson(['airliner']),
    remark: null,
    message_to_screener: null,
    watermark: null,
    width: 2400,
    height: 1600,
    bytes: 1000,
    sha256: 'f'.repeat(64),
    phash: '0123456789abcdef',
    thumbhash: 'AAAA',
    exif: toJson({
      camera: null,
      lens: null,
      focalLength: null,
      aperture: null,
      shutter: null,
      iso: null,
      takenAt: null,
    }),
    checks: toJson(CLEAN_CHECKS),
    original_key: null,
    rendition_hash: null,
    renditions: toJson([]),
    created_at: now,
    updated_at: now,
    decided_at: over.state && over.state !== 'pending' ? now : null,
    featured_at: null,
    ...over,
  };
}

/** Three renditions as the pipeline names them (320, 1280, 2560 px wide, 3:2): for photos shown elsewhere. */
export const WITH_RENDITIONS = {
  rendition_hash: 'abc123',
  renditions: toJson([
    { edge: 320, width: 320, height: 213 },
    { edge: 1280, width: 1280, height: 853 },
    { edge: 2560, width: 2560, height: 1707 },
  ]),
} as const;

/** A photo taken in flight with renditions, accepted by `decider`; the clock then moves a second on. */
export async function insertAccepted(
  t: Pick<TestApp, 'database' | 'services' | 'clock' | 'jobs'>,
  uploaderId: number,
  decider: { id: number; username: string; level: number },
  over: Partial<NewPhoto> = {},
): Promise<number> {
  const id = await insertPhoto(t, uploaderId, { in_flight: 1, ...WITH_RENDITIONS, ...over });
  await acceptPhoto(t, id, decider);
  t.clock.advance(1000);
  return id;
}

/**
 * Accepts a photo the way screening does (through the lifecycle, decided now), then runs the jobs the
 * acceptance enqueued, as the deciding request does before it answers: the gallery's index and the
 * airframe follow.
 */
export async function acceptPhoto(
  t: Pick<TestApp, 'database' | 'services' | 'clock' | 'jobs'>,
  photoId: number,
  decider: { id: number; username: string; level: number },
): Promise<void> {
  const row = await t.database.db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirstOrThrow();
  await t.database.db.transaction().execute((trx) =>
    t.services.lifecycle.transition(trx, {
      photo: row,
      action: 'accept',
      actor: { id: decider.id, username: decider.username, level: decider.level, sessionId: 0 },
      patch: { decided_at: t.clock.now() },
    }),
  );
  await runInlineJobs(t);
}

/** The jobs a request runs before it answers (db/jobs-queue.ts), for tests that change photos through services. */
export const runInlineJobs = (t: Pick<TestApp, 'jobs'>) => t.jobs.runDue({ kinds: [INDEX_JOB, LINK_JOB] });
