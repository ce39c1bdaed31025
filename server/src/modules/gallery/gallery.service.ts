import { QueryShapes } from '../../db/query-shapes.js';
import {
  cardSearchResponse,
  LIKE_MESSAGES,
  searchResponse,
  TOTAL_CAP,
  type ListView,
  type RelatedResponse,
  type SearchQuery,
  type SearchResponse,
} from '../../../../contract/gallery.js';
import { msnKey } from '../../../../contract/airframes.js';
import { PHOTO_MESSAGES, registrationKey } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import { enqueueJob } from '../../db/jobs-queue.js';
import type { CardRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../shared/errors.js';
import { ShortCache, StampedCache } from '../../shared/cache.js';
import { unchangedByEncoding } from '../../shared/answers.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { ScreeningQueueService } from '../screening/queue.service.js';
import { PHOTO_COLUMN } from '../reference/reference.service.js';
import type { EventHub } from '../../events.js';
import { GalleryIndex } from './search-index.service.js';
import * as repo from './gallery.repository.js';
import * as search from './search.repository.js';
import { decodeCursor, encodeCursor, sortValue } from './search-cursor.js';
import * as likes from './likes.repository.js';
import { galleryVersion } from './search-index.repository.js';
import { queryTokens } from './search-text.js';
import { VersionedPlannerFacts } from './planner-facts.js';
import { planSearch } from './search-plan.js';
import { EntryWords } from './entry-words.js';

/** A search as the gallery's queries take it (FollowFanout anchors saved searches on it). */
export type { GalleryFilter } from './search.repository.js';

const MSN_TERM = /(?:^|\s)msn[:：]\s*(\S{1,30})/i;
/** A cached answer lives at most this long even when nothing was accepted (views and likes move). */
const CACHE_TTL_MS = 10_000;
const CACHE_ENTRIES = 500;
const COUNT_ENTRIES = 2_000;

interface Counted {
  total: number;
  /** The clock's time when it was counted. */
  at: number;
}

/**
 * The public gallery: search over accepted photos with keyset pages, a photo's relations, likes and
 * the home statistics. Answers to searches are cached per process as finished JSON and dropped when
 * the gallery's version (bumped by every change that alters what it shows) moves on.
 */
export class GalleryService {
  /** Finished answers, already UTF-8 (a hit costs no serialising), stamped with the gallery's and the names' versions. */
  private readonly answers = new StampedCache<Buffer>(CACHE_ENTRIES, CACHE_TTL_MS);
  /** A search's capped total and when it was counted, the same for every sort, view and size of its pages. */
  private readonly totals = new StampedCache<Counted>(COUNT_ENTRIES, CACHE_TTL_MS);
  // Read at most every 250 ms per process, and at once after this process changed the gallery.
  private readonly version: ShortCache<number>;

  private readonly index: GalleryIndex;
  /** Which entries name a word, and whether every photo's own words are written (read at most every second). */
  private readonly entryWords: EntryWords;
  private readonly ownWordsWritten: ShortCache<boolean>;
  /** The pages' queries, compiled once per shape; checked against a fresh build wherever answers are. */
  private readonly shapes: QueryShapes;
  /** What the planner reads (kept counters, dates, words' matches), held per gallery version. */
  private readonly plannerFacts = new VersionedPlannerFacts(() => this.db);

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
    private readonly screening: ScreeningQueueService,
    /** Encode each answer by its schema before it is kept, and check each compiled shape (everywhere but production). */
    private readonly checkAnswers = true,
  ) {
    this.version = new ShortCache(this.clock, 250, () => galleryVersion(this.db));
    this.shapes = new QueryShapes(checkAnswers);
    this.index = new GalleryIndex(database, reference, () => this.changed());
    this.entryWords = new EntryWords(reference);
    this.ownWordsWritten = new ShortCache(this.clock, 1000, () => this.index.walked());
    // Every change of what the gallery shows re-indexes the photos it touches: a job per photo, enqueued in the
    // change's transaction and run by the request after it commits (issue 35: it keeps only what must be atomic).
    events.on('photo.stateChanged', async ({ trx, photo, from, to, at }) => {
      if (from === 'accepted' || to === 'accepted') await enqueueIndexing(trx, [photo.id], at);
    });
    events.on('photo.factsChanged', ({ trx, photoIds }) => enqueueIndexing(trx, photoIds, this.clock.now()));
    events.on('account.renamed', ({ trx, userId }) => this.index.syncUploader(trx, userId));
    events.on('reference.changed', async ({ trx, kind, id }) =>
      this.index.syncMany(trx, await this.photos.photoIdsNaming(trx, PHOTO_COLUMN[kind], id)),
    );
  }

  private get db() {
    return this.database.db;
  }

  /** A search's filter as the gallery's queries take it; null when it can find nothing. */
  filterOf(q: SearchQuery): search.GalleryFilter | null {
    // `msn:4321` in the free text names an MSN (the airframes that have it); the rest is searched as words.
    const msnMatch = q.q ? MSN_TERM.exec(q.q) : null;
    const text = msnMatch ? q.q!.replace(MSN_TERM, ' ') : q.q;
    const msn = msnMatch ? msnKey(msnMatch[1]!) : '';
    const tokens = text ? queryTokens(text) : [];
    // A query of nothing but punctuation finds nothing rather than everything.
    if (text && text.trim() !== '' && tokens.length === 0) return null;
    const reg = q.reg ? registrationKey(q.reg) : undefined;
    return {
      ...(reg ? { registrationKey: reg } : {}),
      ...(q.type ? { typeId: q.type } : {}),
      ...(q.airline ? { airlineId: q.airline } : {}),
      ...(q.airport ? { airportId: q.airport } : {}),
      ...(q.user ? { uploaderId: q.user } : {}),
      ...(q.airframe ? { airframeId: q.airframe } : {}),
      ...(q.livery ? { liveryId: q.livery } : {}),
      ...(msn ? { msnKey: msn } : {}),
      ...(q.cat ? { category: q.cat } : {}),
      ...(q.from ? { from: q.from } : {}),
      ...(q.to ? { to: q.to } : {}),
      ...(q.featured === '1' || q.featured === 'true' ? { featured: true } : {}),
      ...(tokens.length > 0 ? { tokens } : {}),
    };
  }

  /** Whether a search (its query, already checked) finds the accepted photo `photoId`. */
  async finds(q: SearchQuery, photoId: number): Promise<boolean> {
    const filter = this.filterOf(q);
    return filter !== null && search.filterFinds(this.db, this.database.dialect, filter, photoId);
  }

  /** `GET /photos` as finished JSON in UTF-8 (the route sends it as is), its items full or as cards. */
  async searchJson(query: SearchQuery & { view?: ListView }): Promise<Buffer> {
    const q = { ...query, view: query.view ?? 'full' };
    const after = decodeCursor(q.cursor, q.sort);
    const key = JSON.stringify(q);
    // The names in an answer come from lookups with versions of their own, read on their own 250 ms
    // cycles: an answer stands only while both its versions do, so a rename is never kept for 10 s.
    const [version, names] = await Promise.all([this.version.get(), this.namesVersion()]);
    const now = this.clock.now();
    const stamp = `${version}.${names}`;
    const hit = this.answers.get(key, stamp, now);
    if (hit) return hit;

    const filter = this.filterOf(q);
    // Full items or cards: checked against the view's own schema below.
    let answer: Omit<SearchResponse, 'items'> & { items: unknown[] };
    let madeAt = now;
    if (!filter) {
      answer = { items: [], nextCursor: null, total: 0, totalCapped: false };
    } else {
      const dialect = this.database.dialect;
      const entryWords = filter.tokens && (await this.ownWordsWritten.get()) ? this.entryWords : null;
      const plan = await planSearch(this.db, dialect, filter, q.sort, TOTAL_CAP, entryWords, this.plannerFacts.at(version));
      const page = await this.page([this.db, dialect, filter, q.sort, after, q.limit, plan.page], q.view);
      // The total is the same for every page of one search: counted on the first only, and not even
      // there when that page holds every match (a registration's few photos, most narrow searches).
      const counted = after
        ? { total: -1, at: now }
        : page.rows.length <= q.limit
          ? this.counted(filter, version, { total: page.rows.length, at: now })
          : await this.total(filter, plan.count, version, now);
      const total = counted.total;
      // An answer made with a total counted earlier lives no longer than that total would alone.
      madeAt = counted.at;
      const last: CardRow | undefined = page.rows[q.limit - 1];
      answer = {
        items: page.items,
        nextCursor: page.rows.length > q.limit && last ? encodeCursor(sortValue(last, q.sort), last.id) : null,
        // Exact where the gallery keeps the count, however large; otherwise counted up to the cap.
        total: search.hasKeptCount(filter) ? Math.max(total, 0) : Math.min(Math.max(total, 0), TOTAL_CAP),
        totalCapped: !search.hasKeptCount(filter) && total > TOTAL_CAP,
      };
    }
    // Checked against the contract when made, as the answers' serializer checks every other answer.
    const schema = q.view === 'card' ? cardSearchResponse : searchResponse;
    const json = Buffer.from(
      this.checkAnswers
        ? unchangedByEncoding(JSON.stringify(schema.parse(answer)), answer, 'GET /photos')
        : JSON.stringify(answer),
    );
    this.answers.set(key, stamp, madeAt, json);
    return json;
  }

  /** A page's rows (one more than asked) and its items, full or as cards: cards read only the columns a card shows. */
  private async page(args: Parameters<typeof search.searchPageQuery>, view: ListView) {
    const limit = args[5];
    if (view === 'card') {
      const { rows } = await this.db.executeQuery(search.searchCardsCompiled(this.shapes, ...args));
      return { rows, items: await this.photos.presentCards(rows.slice(0, limit)) };
    }
    const { rows } = await this.db.executeQuery(search.searchPageCompiled(this.shapes, ...args));
    return { rows, items: await this.photos.present(rows.slice(0, limit), null) };
  }

  /** The capped count of a search, counted once per gallery version (and 10 s) for all its sorts and views. */
  private async total(filter: search.GalleryFilter, plan: search.PagePlan, version: number, now: number): Promise<Counted> {
    const hit = this.totals.get(JSON.stringify(filter), String(version), now);
    if (hit !== undefined) return hit;
    return this.counted(filter, version, {
      total: await search.countCapped(this.db, this.database.dialect, filter, TOTAL_CAP, plan),
      at: now,
    });
  }

  /** Keeps a search's total for its other sorts, views and limits. */
  private counted(filter: search.GalleryFilter, version: number, counted: Counted): Counted {
    this.totals.set(JSON.stringify(filter), String(version), counted.at, counted);
    return counted;
  }

  private async namesVersion(): Promise<string> {
    const [reference, usernames] = await Promise.all([this.reference.namesVersion.get(), this.accounts.namesVersion.get()]);
    return `${reference}.${usernames}`;
  }

  /**
   * Re-indexes photos after a reference import, at most `batches` batches of 500 (fewer once `stop`
   * is aborted); returns how many.
   */
  async reindexAfterImport(batches: number, stop?: AbortSignal): Promise<number> {
    let done = 0;
    for (let i = 0; i < batches && !stop?.aborted; i++) {
      const n = await this.index.reindexStep();
      done += n;
      if (n === 0) break;
    }
    return done;
  }

  /** This process changed what the gallery shows (GalleryIndex tells it, inside the change's transaction). */
  /** The job `gallery.index`: a photo's search document as its row is now, in a transaction of its own. */
  async indexPhoto(photoId: number): Promise<void> {
    await this.db.transaction().execute((trx) => this.index.sync(trx, photoId));
  }

  changed(): void {
    this.version.clear();
  }

  /** The gallery's version (bumped by every change of what it shows), as this process last read it (250 ms). */
  currentVersion(): Promise<number> {
    return this.version.get();
  }

  async related(id: number): Promise<RelatedResponse> {
    const photo = await repo.findAccepted(this.db, id);
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    const [reg, airport, photographer] = await Promise.all([
      // The aircraft's history across its registrations; by the registration while it has no airframe.
      repo.sameAircraft(
        this.db,
        photo.airframe_id !== null
          ? { column: 'airframe_id', value: photo.airframe_id }
          : { column: 'registration_key', value: photo.registration_key },
        id,
        24,
      ),
      photo.airport_id ? repo.latestWhere(this.db, 'airport_id', photo.airport_id, id, 12) : Promise.resolve([]),
      repo.latestWhere(this.db, 'uploader_id', photo.uploader_id, id, 12),
    ]);
    const [sameRegistration, sameAirport, samePhotographer] = await Promise.all(
      [reg, airport, photographer].map((rows) => this.photos.present(rows, null)),
    );
    return { sameRegistration: sameRegistration!, sameAirport: sameAirport!, samePhotographer: samePhotographer! };
  }

  async like(id: number, user: AuthUser, on: boolean): Promise<{ message: string; liked: boolean; likes: number }> {
    if (!(await repo.findAccepted(this.db, id))) throw notFound(PHOTO_MESSAGES.notFound);
    await this.db
      .transaction()
      .execute((trx) => (on ? likes.addLike(trx, id, user.id, this.clock.now()) : likes.removeLike(trx, id, user.id)));
    const row = await likes.likesOf(this.db, id);
    return { message: on ? LIKE_MESSAGES.liked : LIKE_MESSAGES.unliked, liked: on, likes: row?.likes ?? 0 };
  }

  async likedBy(photoIds: number[], user: AuthUser | null): Promise<Set<number>> {
    return user ? likes.likedBy(this.db, photoIds, user.id) : new Set();
  }
}

/** The job kind that re-indexes one photo (jobs/kinds.ts). */
export const INDEX_JOB = 'gallery.index';

async function enqueueIndexing(trx: DbOrTrx, photoIds: number[], now: number): Promise<void> {
  for (const photoId of new Set(photoIds)) {
    await enqueueJob(trx, INDEX_JOB, { photoId }, now, { key: `${INDEX_JOB}:${photoId}`, inline: true });
  }
}
