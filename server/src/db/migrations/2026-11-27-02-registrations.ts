import type { Kysely } from 'kysely';
import { formatRegistration } from '../../../../contract/registrations.js';

// Registrations sent through the API were kept as typed (B1234, N-123AB) where the upload form writes
// them as their country does (B-1234, N123AB); the API now writes them so too (contract/photos.ts),
// and this brings the photos stored before up to it, by the rules of this release's nationality marks.
// Only the spelling changes, never the letters and digits: `registration_key` (what searches, follows
// and the aircraft's links compare) stays as it is, so every photo keeps its airframe. The gallery's
// search documents hold the spelling's words (B-1234 is found by 1234), so when any photo changed, the
// walk that re-indexes every accepted photo after a reference import starts again (for_import 0).
const BATCH = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  let afterId = 0;
  let changed = 0;
  for (;;) {
    const rows: { id: number; registration: string }[] = await db
      .selectFrom('photos')
      .select(['id', 'registration'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    afterId = Number(rows.at(-1)!.id);
    for (const row of rows) {
      const written = formatRegistration(row.registration);
      if (written === null || written === row.registration) continue;
      await db.updateTable('photos').set({ registration: written }).where('id', '=', row.id).execute();
      changed += 1;
    }
  }
  if (changed > 0) await db.updateTable('search_reindex').set({ for_import: 0, after_id: 0, until_id: 0 }).execute();
}

// The spellings as typed are not kept: the registrations stay written as their countries write them.
export async function down(): Promise<void> {}
