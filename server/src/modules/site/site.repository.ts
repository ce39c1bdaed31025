import type { DbOrTrx } from '../../db/database.js';

export async function readSetting(db: DbOrTrx, key: string): Promise<string | null> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: DbOrTrx, key: string, value: string): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function pingDatabase(db: DbOrTrx): Promise<boolean> {
  try {
    await db.selectFrom('site_settings').select('key').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
