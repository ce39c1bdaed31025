import { sql, type Kysely } from 'kysely';

// Search at a million (issue 37): an upload's look-alike check compared the new photo's perceptual
// hash with every accepted photo's, read whole (464 ms at 200,001 photos). The 64-bit hash is four
// 16-bit bands of four hex digits each; one index per band, on the band's text, lets the check ask only
// for the photos sharing a band value (or its one-bit neighbours) with the new one
// (photos/phash-bands.ts says why that finds every photo within the distance).
//
// Only added: a rolling restart keeps the previous release's processes on the table meanwhile.
export const PHASH_BAND_INDEXES = [0, 1, 2, 3].map((band) => ({
  name: `photos_phash_band${band}_idx`,
  expression: sql`substr(phash, ${sql.lit(band * 4 + 1)}, 4)`,
}));

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, expression } of PHASH_BAND_INDEXES) {
    await db.schema.createIndex(name).on('photos').column(expression).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of PHASH_BAND_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
