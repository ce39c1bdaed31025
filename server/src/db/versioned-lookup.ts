import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { ShortCache } from '../shared/cache.js';
import type { Db, DbOrTrx } from './database.js';

/** The lookups kept per process, each with its version row in `lookup_versions`. */
export type LookupName = 'reference' | 'usernames';

/** Moves a lookup's version on, inside the transaction of the change (every process drops its copy). */
export async function bumpLookup(trx: DbOrTrx, name: LookupName): Promise<void> {
  await sql`update lookup_versions set version = version + 1 where name = ${name}`.execute(trx);
}

/**
 * The version of one lookup as this process last read it: at most every 250 ms (the same bound as the
 * gallery's own answer cache), and again at once after `clear()`. Shared by the lookups of one kind,
 * and read by the gallery, which keeps an answer only while the versions of the names in it stand.
 */
export class LookupVersion {
  private readonly cache: ShortCache<number>;

  constructor(db: Db, name: LookupName, clock: Clock) {
    this.cache = new ShortCache(clock, 250, async () => {
      const row = await db.selectFrom('lookup_versions').select('version').where('name', '=', name).executeTakeFirst();
      return row?.version ?? 0;
    });
  }

  get(): Promise<number> {
    return this.cache.get();
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * id → value for presenting (reference summaries, usernames), kept in the process and filled on
 * demand, so a gallery answer asks the database for none of them once they are known. The copy is
 * dropped whole when its version moves on. The process that makes a change clears the version it
 * read (`LookupVersion.clear()`, inside the change's transaction, like the gallery's version): its next
 * read after the commit sees the new one; a reader in between may keep the old names, and any process
 * sees the change within 250 ms.
 */
export class VersionedLookup<V> {
  private entries = new Map<number, V>();
  private seenVersion = -1;

  constructor(
    private readonly version: LookupVersion,
    private readonly load: (ids: number[]) => Promise<Map<number, V>>,
    /** Past this many entries the copy starts again (a bound on memory, not an expected size). */
    private readonly maxEntries = 100_000,
  ) {}

  async get(ids: readonly number[]): Promise<Map<number, V>> {
    const version = await this.version.get();
    if (version !== this.seenVersion) {
      this.entries = new Map();
      this.seenVersion = version;
    }
    const entries = this.entries;
    const missing = [...new Set(ids.filter((id) => !entries.has(id)))];
    const loaded = missing.length > 0 ? await this.load(missing) : new Map<number, V>();
    // Kept only if no newer version dropped this copy while loading.
    if (loaded.size > 0 && this.entries === entries) {
      if (entries.size + loaded.size > this.maxEntries) entries.clear();
      for (const [id, v] of loaded) entries.set(id, v);
    }
    const out = new Map<number, V>();
    for (const id of ids) {
      const v = entries.get(id) ?? loaded.get(id);
      if (v !== undefined) out.set(id, v);
    }
    return out;
  }
}
