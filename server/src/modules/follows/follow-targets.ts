import { CATEGORIES, feedPathOf } from '../../../../contract/catalogues.js';
import { MAX_ID } from '../../../../contract/limits.js';
import { FOLLOW_LIMITS, FOLLOW_MESSAGES, searchFollowTarget, type FollowKind } from '../../../../contract/follows.js';
import { searchQuery } from '../../../../contract/gallery.js';
import { NO_REGISTRATION, registrationKey } from '../../../../contract/photos.js';
import type { DbOrTrx } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { FollowTarget } from './follows.repository.js';

const NO_REG_KEY = registrationKey(NO_REGISTRATION);

/** What the `label` column holds. */
const LABEL_MAX = 80;

export interface CheckedTarget {
  target: string;
  label: string;
}

/** What a photo's facts make it findable by: the follows it may match, one (kind, target) each. */
export function targetsOf(photo: PhotoRow): FollowTarget[] {
  const targets: FollowTarget[] = [['photographer', String(photo.uploader_id)]];
  if (photo.registration_key && photo.registration_key !== NO_REG_KEY) targets.push(['registration', photo.registration_key]);
  if (photo.airframe_id) targets.push(['airframe', String(photo.airframe_id)]);
  if (photo.airline_id) targets.push(['airline', String(photo.airline_id)]);
  if (photo.airport_id) targets.push(['airport', String(photo.airport_id)]);
  if (photo.aircraft_type_id) targets.push(['type', String(photo.aircraft_type_id)]);
  return targets;
}

/** A saved search as stored (contract's `searchFollowTarget`), checked against `/search`'s rules; null when it has no filter. */
export function canonicalSearch(raw: string): { query: string; parsed: Record<string, string> } | null {
  const query = searchFollowTarget(raw);
  const parsed = Object.fromEntries(new URLSearchParams(query));
  // Stored percent-encoded: a long Chinese query grows threefold and more, past what a follow keeps.
  if (query.length > FOLLOW_LIMITS.searchMax || !searchQuery.safeParse(parsed).success) {
    throw badRequest(FOLLOW_MESSAGES.badSearch, [{ path: ['target'], message: FOLLOW_MESSAGES.badSearch }]);
  }
  return query === '' ? null : { query, parsed };
}

/** Where a follow's photos are on the site. */
export function hrefOf(kind: FollowKind, target: string, label: string): string {
  switch (kind) {
    case 'photographer':
      return `/user/${target}`;
    case 'registration':
      return `/reg/${encodeURIComponent(label)}`;
    case 'airframe':
      return `/airframe/${target}`;
    case 'airline':
    case 'airport':
    case 'type':
      return `/search?${kind}=${target}`;
    case 'search':
      return `/search?${target}`;
  }
}

/** The Atom feed of a follow's photos (the same filters as its page). */
export function feedOf(kind: FollowKind, target: string, label: string): string {
  switch (kind) {
    case 'photographer':
      return feedPathOf({ user: target });
    case 'registration':
      return feedPathOf({ reg: label });
    case 'search':
      return feedPathOf(Object.fromEntries(new URLSearchParams(target)));
    default:
      return feedPathOf({ [kind]: target });
  }
}

const idOf = (target: string) => {
  // Ids are 32-bit in both databases: a larger number is no entry, not a query error.
  if (!/^\d{1,10}$/.test(target) || Number(target) > MAX_ID) throw notFound(FOLLOW_MESSAGES.unknownTarget);
  return Number(target);
};

/**
 * Checks what a member asked to follow and says it the one way follows store it (an id as digits, a
 * registration as compared, a search's filters in order), with the label it reads by.
 */
export class FollowTargets {
  constructor(
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
  ) {}

  async check(db: DbOrTrx, kind: FollowKind, raw: string, label: string | undefined): Promise<CheckedTarget> {
    switch (kind) {
      case 'photographer': {
        const id = idOf(raw);
        const name = (await this.accounts.usernames([id])).get(id);
        if (!name) throw notFound(FOLLOW_MESSAGES.unknownTarget);
        return { target: String(id), label: name.slice(0, LABEL_MAX) };
      }
      case 'registration': {
        const key = raw.length <= 20 ? registrationKey(raw) : '';
        if (!key || key === NO_REG_KEY) {
          throw badRequest(FOLLOW_MESSAGES.badRegistration, [{ path: ['target'], message: FOLLOW_MESSAGES.badRegistration }]);
        }
        // As the newest accepted photo writes it (B-30EE), else as typed in capitals.
        const row = await db
          .selectFrom('photos')
          .select('registration')
          .where('registration_key', '=', key)
          .where('state', '=', 'accepted')
          .orderBy('taken_on', 'desc')
          .limit(1)
          .executeTakeFirst();
        return { target: key, label: row?.registration ?? raw.toUpperCase() };
      }
      case 'airframe': {
        const id = idOf(raw);
        const airframe = await db.selectFrom('airframes').select(['id', 'merged_into']).where('id', '=', id).executeTakeFirst();
        if (!airframe) throw notFound(FOLLOW_MESSAGES.unknownTarget);
        const into = airframe.merged_into ?? airframe.id;
        const row = await db
          .selectFrom('photos')
          .select('registration')
          .where('airframe_id', '=', into)
          .where('state', '=', 'accepted')
          .orderBy('taken_on', 'desc')
          .limit(1)
          .executeTakeFirst();
        return { target: String(into), label: row ? `${row.registration} 的机身` : `机身 #${into}` };
      }
      case 'airline':
      case 'airport':
      case 'type': {
        const id = idOf(raw);
        const name = await this.refLabel(kind, id);
        if (!name) throw notFound(FOLLOW_MESSAGES.unknownTarget);
        return { target: String(id), label: name.slice(0, LABEL_MAX) };
      }
      case 'search': {
        const search = canonicalSearch(raw);
        if (!search) throw badRequest(FOLLOW_MESSAGES.emptySearch, [{ path: ['target'], message: FOLLOW_MESSAGES.emptySearch }]);
        return { target: search.query, label: (label || (await this.describe(search.parsed))).slice(0, LABEL_MAX) };
      }
    }
  }

  private async refLabel(kind: 'airline' | 'airport' | 'type', id: number): Promise<string | undefined> {
    const s = await this.reference.summaries({
      types: kind === 'type' ? [id] : [],
      airlines: kind === 'airline' ? [id] : [],
      airports: kind === 'airport' ? [id] : [],
    });
    const map = kind === 'type' ? s.types : kind === 'airline' ? s.airlines : s.airports;
    return map.get(id)?.label;
  }

  /** A saved search in words: 搜索 “737” · 中国国际航空 · 2024-03-01 起. */
  async describe(p: Record<string, string>): Promise<string> {
    const parts: string[] = [];
    if (p.q) parts.push(`“${p.q}”`);
    if (p.reg) parts.push(p.reg.toUpperCase());
    for (const kind of ['type', 'airline', 'airport'] as const) {
      if (p[kind]) parts.push((await this.refLabel(kind, Number(p[kind]))) ?? `#${p[kind]}`);
    }
    if (p.user) parts.push(`摄影师 ${(await this.accounts.usernames([Number(p.user)])).get(Number(p.user)) ?? p.user}`);
    if (p.airframe) parts.push(`机身 #${p.airframe}`);
    if (p.livery) parts.push(`涂装 #${p.livery}`);
    if (p.cat) parts.push(CATEGORIES.find((c) => c.code === p.cat)?.zh ?? p.cat);
    if (p.from || p.to) parts.push(`${p.from ?? ''}～${p.to ?? ''}`);
    if (p.featured === '1' || p.featured === 'true') parts.push('编辑精选');
    return `搜索：${parts.join(' · ')}`;
  }
}
