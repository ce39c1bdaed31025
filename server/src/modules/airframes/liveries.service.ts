import { AIRFRAME_MESSAGES, type LiveryCreate, type LiverySummary } from '../../../../contract/airframes.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation, type Db, type DbOrTrx } from '../../db/database.js';
import type { LiveryRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { pinyinWords } from '../reference/han.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { words } from '../reference/search-words.js';
import * as repo from './liveries.repository.js';
import { distinctIds } from '../../shared/ids.js';

/** A livery's words as searched: its names folded as the reference data's are, with pinyin and initials. */
export function liverySearchText(nameZh: string, nameEn: string | null): string {
  return [...new Set([...words(`${nameZh} ${nameEn ?? ''}`), ...pinyinWords(nameZh)])].join(' ').slice(0, 400);
}

/** Liveries (issue 22): named paint schemes of an operator; screeners add them, everyone finds them. */
export class LiveriesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly reference: ReferenceService,
    private readonly audit: AuditService,
  ) {}

  async present(rows: LiveryRow[]): Promise<LiverySummary[]> {
    const airlineIds = distinctIds(rows.map((r) => r.airline_id));
    const { airlines } = await this.reference.summaries({ types: [], airlines: airlineIds, airports: [] });
    return rows.map((r) => ({
      id: r.id,
      name: r.name_zh,
      nameEn: r.name_en,
      airline: r.airline_id ? (airlines.get(r.airline_id) ?? null) : null,
    }));
  }

  /** Names of these liveries, for photos that wear them. */
  async names(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
    return new Map((await repo.liveriesByIds(db, ids)).map((r) => [r.id, r.name_zh]));
  }

  async byIds(ids: number[]): Promise<LiverySummary[]> {
    return this.present(await repo.liveriesByIds(this.db, ids));
  }

  /** The airframes seen in a livery (the most recently photographed first) and how many photos show it. */
  async seen(id: number, limit: number): Promise<{ airframeIds: number[]; photoCount: number }> {
    const [rows, photoCount] = await Promise.all([
      repo.airframesInLivery(this.db, id, limit),
      repo.photoCountInLivery(this.db, id),
    ]);
    return { airframeIds: rows.map((r) => r.airframe_id!), photoCount };
  }

  async search(q: string | undefined, airlineId: number | undefined, limit: number): Promise<LiverySummary[]> {
    const terms = q ? words(q).slice(0, 6) : [];
    return this.present(await repo.searchLiveries(this.db, terms, airlineId, limit));
  }

  async get(id: number): Promise<LiverySummary> {
    const row = await repo.findLivery(this.db, id);
    if (!row) throw notFound(AIRFRAME_MESSAGES.liveryNotFound);
    return (await this.present([row]))[0]!;
  }

  async create(actor: AuthUser, body: LiveryCreate): Promise<{ message: string; livery: LiverySummary }> {
    const airlineId = body.airlineId ?? null;
    if (airlineId !== null) {
      const issues = await this.reference.checkPhotoRefs(this.db, actor.id, { airlineId });
      if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    }
    const exists = () =>
      conflict(AIRFRAME_MESSAGES.liveryExists, [{ path: ['nameZh'], message: AIRFRAME_MESSAGES.liveryExists }]);
    // The unique index (operator, name) refuses a name the operator has, and decides between two
    // screeners adding it at once; the insert is the transaction's first statement (a writer on SQLite).
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        return this.insert(trx, actor, body, airlineId);
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? exists() : err;
      });
    return { message: AIRFRAME_MESSAGES.liveryAdded, livery: await this.get(id) };
  }

  private async insert(trx: DbOrTrx, actor: AuthUser, body: LiveryCreate, airlineId: number | null): Promise<number> {
    const created = await repo.insertLivery(trx, {
      airline_id: airlineId,
      name_zh: body.nameZh,
      name_en: body.nameEn || null,
      search_text: liverySearchText(body.nameZh, body.nameEn || null),
      created_at: this.clock.now(),
    });
    await this.audit.record(trx, {
      actorId: actor.id,
      action: 'livery.create',
      targetType: 'livery',
      targetId: created,
      detail: { ...body },
    });
    return created;
  }
}
