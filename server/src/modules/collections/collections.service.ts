import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES as M,
  type CollectionPage,
  type CollectionsQuery,
  type CollectionsResponse,
  type CollectionSummary,
  type CollectionUpdate,
  type NewCollection,
} from '../../../../contract/collections.js';
import type { PhotoCardItem } from '../../../../contract/gallery.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { lockMember } from '../../db/member-lock.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { idCursor } from '../../http/cursor.js';
import { badRequest, notFound } from '../../shared/errors.js';
import type { PhotosService } from '../photos/photos.service.js';
import * as repo from './collections.repository.js';

type Summary = Omit<CollectionSummary, 'contains'>;

/**
 * 收藏 (issue 39, item 7): members keep collections of accepted photos, private or public. A private
 * collection is its owner's alone: to anyone else it does not exist (404, never listed, no feed).
 */
export class CollectionsService {
  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly photos: Pick<PhotosService, 'presentCards' | 'presentByIds'>,
    events: EventHub,
  ) {
    this.db = database.db;
    // A member who deletes their account takes their collections with them.
    events.on('account.deleted', ({ trx, userId }) => repo.deleteCollectionsOf(trx, userId));
  }

  /** A member's collections this viewer may see; their own say which hold `photo`. */
  async list(viewer: AuthUser | null, userId: number, q: CollectionsQuery): Promise<CollectionsResponse> {
    const member = await repo.memberStatus(this.db, userId);
    if (!member || member.status === 'deleted') throw notFound(M.userGone);
    const own = viewer?.id === userId;
    const rows = await repo.collectionsOf(this.db, userId, own);
    const [items, holding] = await Promise.all([
      this.present(rows, member.username),
      own && q.photo !== undefined
        ? repo.holding(
            this.db,
            rows.map((r) => r.id),
            q.photo,
          )
        : Promise.resolve(null),
    ]);
    return { items: items.map((c) => (holding ? { ...c, contains: holding.has(c.id) } : c)) };
  }

  async create(viewer: AuthUser, body: NewCollection): Promise<{ message: string; collection: CollectionSummary }> {
    const now = this.clock.now();
    const id = await this.db.transaction().execute(async (trx) => {
      // The member's row is the lock two tabs creating at once queue on, so neither passes the limit.
      await lockMember(trx, this.database.dialect, viewer.id);
      if ((await repo.countCollections(trx, viewer.id)) >= COLLECTION_LIMITS.perMember) throw badRequest(M.tooMany);
      const values = { name: body.name, description: body.description, public: body.public ? 1 : 0 };
      return repo.insertCollection(trx, { user_id: viewer.id, ...values, created_at: now, updated_at: now });
    });
    return { message: M.created, collection: await this.summary(viewer, id) };
  }

  async update(
    viewer: AuthUser,
    id: number,
    body: CollectionUpdate,
  ): Promise<{ message: string; collection: CollectionSummary }> {
    const set = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.public !== undefined && { public: body.public ? 1 : 0 }),
      updated_at: this.clock.now(),
    };
    if (!(await repo.updateCollection(this.db, id, viewer.id, set))) throw notFound(M.gone);
    return { message: M.saved, collection: await this.summary(viewer, id) };
  }

  async remove(viewer: AuthUser, id: number): Promise<{ message: string }> {
    if (!(await repo.deleteCollection(this.db, id, viewer.id))) throw notFound(M.gone);
    return { message: M.deleted };
  }

  /** Puts a photo of the gallery in one of the member's collections; a second time changes nothing. */
  async add(viewer: AuthUser, id: number, photoId: number): Promise<{ message: string }> {
    if (!(await repo.isInGallery(this.db, photoId))) throw notFound(M.photoGone);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // The collection's row is the lock two tabs adding at once queue on, so neither passes the limit.
      const own = await repo.ownCollectionForUpdate(trx, id, viewer.id, this.database.dialect === 'postgres');
      if (!own) throw notFound(M.gone);
      if ((await repo.countPhotos(trx, id)) >= COLLECTION_LIMITS.photosMax) throw badRequest(M.full);
      if (await repo.insertPhoto(trx, id, photoId, now)) await repo.updateCollection(trx, id, viewer.id, { updated_at: now });
    });
    return { message: M.added };
  }

  /** Takes a photo out of one of the member's collections; one not in it is already out. */
  async drop(viewer: AuthUser, id: number, photoId: number): Promise<{ message: string }> {
    if (!(await repo.ownCollectionForUpdate(this.db, id, viewer.id, false))) throw notFound(M.gone);
    await repo.deletePhoto(this.db, id, photoId);
    return { message: M.removed };
  }

  /** A collection's page: it and its photos, the one added last first; 404 to others when private. */
  async page(viewer: AuthUser | null, id: number, cursor: string | undefined): Promise<CollectionPage> {
    const row = await this.visible(viewer, id);
    const limit = COLLECTION_LIMITS.page;
    const rows = await repo.photosOf(this.db, id, idCursor(cursor), limit + 1);
    const shown = rows.slice(0, limit);
    const [summary, items] = await Promise.all([this.summary(viewer, id, row), this.photos.presentCards(shown)]);
    return {
      collection: summary,
      items,
      nextCursor: rows.length > limit ? String(shown.at(-1)!.entry_id) : null,
      own: viewer?.id === row.user_id,
    };
  }

  /** A public collection's newest photos, in full, for its Atom feed; 404 when private. */
  async feed(id: number, limit: number): Promise<{ collection: Summary; photos: PhotoResponse[] }> {
    const row = await this.visible(null, id);
    const rows = await repo.photosOf(this.db, id, null, limit);
    const [summary, byId] = await Promise.all([
      this.summary(null, id, row),
      this.photos.presentByIds(
        rows.map((r) => r.id),
        null,
      ),
    ]);
    return { collection: summary, photos: rows.flatMap((r) => byId.get(r.id) ?? []) };
  }

  private async visible(viewer: AuthUser | null, id: number): Promise<repo.CollectionRow> {
    const row = await repo.findCollection(this.db, id);
    if (!row || (row.public !== 1 && viewer?.id !== row.user_id)) throw notFound(M.gone);
    // A deleted member's collections leave with the account (the listener); one seen before that is gone too.
    const owner = await repo.memberStatus(this.db, row.user_id);
    if (!owner || owner.status === 'deleted') throw notFound(M.gone);
    return row;
  }

  private async summary(viewer: AuthUser | null, id: number, known?: repo.CollectionRow): Promise<Summary> {
    const row = known ?? (await this.visible(viewer, id));
    const member = await repo.memberStatus(this.db, row.user_id);
    return (await this.present([row], member?.username ?? ''))[0]!;
  }

  private async present(rows: repo.CollectionRow[], username: string): Promise<Summary[]> {
    const contents = await repo.contentsOf(
      this.db,
      rows.map((r) => r.id),
    );
    const coverIds = [...contents.values()].flatMap((c) => (c.cover === null ? [] : [c.cover]));
    const cards = await this.photos.presentCards(await repo.cardRows(this.db, coverIds));
    const cardOf = new Map<number, PhotoCardItem>(cards.map((c) => [c.id, c]));
    return rows.map((r) => {
      const c = contents.get(r.id);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        public: r.public === 1,
        owner: { id: r.user_id, username },
        photoCount: c?.count ?? 0,
        cover: c?.cover ? (cardOf.get(c.cover) ?? null) : null,
        updatedAt: r.updated_at,
      };
    });
  }
}
