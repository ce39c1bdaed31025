import { MANAGE_MESSAGES, type Notam, type NotamRequest } from '../../../../contract/manage.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { NotamRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../shared/errors.js';
import { ShortCache } from '../../shared/cache.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './notams.repository.js';

function present(n: NotamRow): Notam {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    published: n.published === 1,
    startsAt: n.starts_at === null ? null : Number(n.starts_at),
    endsAt: n.ends_at === null ? null : Number(n.ends_at),
    createdAt: Number(n.created_at),
    updatedAt: Number(n.updated_at),
  };
}

/**
 * NOTAMs (PRODUCT.md §3.14): plain text kept as typed (the web app shows it as text and makes links
 * clickable); the current one is the newest published whose window contains now.
 */
export class NotamsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {
    this.published = new ShortCache(this.clock, 1000, () => repo.publishedNotams(this.db));
  }

  async list(): Promise<{ items: Notam[] }> {
    return { items: (await repo.listNotams(this.db)).map(present) };
  }

  /**
   * The newest published NOTAM whose window (end exclusive) contains now. Every home page visit asks,
   * so the published ones are read at most once a second per process (a change made here clears it
   * at once; another process sees it within the second) and the window is checked on each request.
   */
  async current(): Promise<{ notam: Notam | null }> {
    const now = this.clock.now();
    const row = (await this.published.get()).find(
      (n) => (n.starts_at === null || Number(n.starts_at) <= now) && (n.ends_at === null || Number(n.ends_at) > now),
    );
    return { notam: row ? present(row) : null };
  }

  private readonly published: ShortCache<Awaited<ReturnType<typeof repo.publishedNotams>>>;

  private columns(body: NotamRequest) {
    if (body.startsAt !== null && body.endsAt !== null && body.endsAt <= body.startsAt) {
      throw badRequest(MANAGE_MESSAGES.notamWindow, [{ path: ['endsAt'], message: MANAGE_MESSAGES.notamWindow }]);
    }
    return {
      title: body.title,
      content: body.content,
      published: body.published ? 1 : 0,
      starts_at: body.startsAt,
      ends_at: body.endsAt,
      updated_at: this.clock.now(),
    };
  }

  async create(actor: AuthUser, body: NotamRequest): Promise<{ message: string; notam: Notam }> {
    const columns = this.columns(body);
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await repo.insertNotam(trx, { ...columns, created_by: actor.id, created_at: this.clock.now() });
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'notam.create',
        targetType: 'notam',
        targetId: id,
        detail: { title: body.title, published: body.published },
      });
      return id;
    });
    this.published.clear();
    return { message: MANAGE_MESSAGES.notamSaved, notam: present((await repo.findNotam(this.db, id))!) };
  }

  async update(actor: AuthUser, id: number, body: NotamRequest): Promise<{ message: string; notam: Notam }> {
    const columns = this.columns(body);
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateNotam(trx, id, columns))) throw notFound();
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'notam.update',
        targetType: 'notam',
        targetId: id,
        detail: { title: body.title, published: body.published },
      });
    });
    this.published.clear();
    return { message: MANAGE_MESSAGES.notamSaved, notam: present((await repo.findNotam(this.db, id))!) };
  }

  async remove(actor: AuthUser, id: number): Promise<{ message: string }> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteNotam(trx, id))) throw notFound();
      await this.audit.record(trx, { actorId: actor.id, action: 'notam.delete', targetType: 'notam', targetId: id });
    });
    this.published.clear();
    return { message: MANAGE_MESSAGES.notamDeleted };
  }
}
