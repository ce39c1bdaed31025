import type { PhotoCardItem } from '../../../../contract/gallery.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import type { CardRow, PhotoRow } from '../../db/schema.js';
export type { StoredRendition } from '../../db/schema.js';
import { firstsAmong } from '../airframes/first-photos.js';
import type { DbOrTrx } from '../../db/database.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { LiveriesService } from '../airframes/liveries.service.js';
import type { RefSummaries, ReferenceService } from '../reference/reference.service.js';
import { fromJson } from '../../db/json.js';
import { distinctIds } from '../../shared/ids.js';

export interface PresentContext extends RefSummaries {
  imageHost: string;
  usernames: Map<number, string>;
  liveries: Map<number, string>;
  /** The photos of the page that are 首张 of their aircraft. */
  firsts: Set<number>;
}

/** What presenting a page of rows reads: names by their versioned lookups, liveries when asked for. */
export async function loadPresentContext(
  deps: {
    db: DbOrTrx;
    reference: Pick<ReferenceService, 'summaries'>;
    accounts: Pick<AccountsService, 'usernames'>;
    liveries: Pick<LiveriesService, 'names'>;
    imageHost: string;
  },
  rows: (Pick<PhotoRow, 'id' | 'aircraft_type_id' | 'airline_id' | 'airport_id' | 'uploader_id' | 'livery_id' | 'airframe_id'> & {
    /** Read with the row (`isFirstColumn`): then no statement asks which of them are 首张. */
    is_first?: number;
  })[],
  withLiveries: boolean,
): Promise<PresentContext> {
  const ids = (pick: (r: (typeof rows)[number]) => number | null) => distinctIds(rows.map(pick));
  const liveryIds = withLiveries ? ids((r) => r.livery_id) : [];
  const [refs, usernames, liveries, firsts] = await Promise.all([
    deps.reference.summaries({
      types: ids((r) => r.aircraft_type_id),
      airlines: ids((r) => r.airline_id),
      airports: ids((r) => r.airport_id),
    }),
    deps.accounts.usernames(ids((r) => r.uploader_id)),
    // Most photos wear their operator's standard livery: no query for a page without a named one.
    liveryIds.length > 0 ? deps.liveries.names(deps.db, liveryIds) : Promise.resolve(new Map<number, string>()),
    rows.every((r) => r.is_first !== undefined)
      ? new Set(rows.filter((r) => r.is_first === 1).map((r) => r.id))
      : firstsAmong(deps.db, rows),
  ]);
  return { imageHost: deps.imageHost, ...refs, usernames, liveries, firsts };
}

export const renditionKey = (hash: string, edge: number) => `renditions/${hash}-${edge}.webp`;

/** The renditions a photo row lists (none once its files are gone). */
export const storedRenditions = (row: Pick<PhotoRow, 'renditions'>) => fromJson(row.renditions);

/**
 * Row → contract. `private` adds what only the owner and screeners may see (message to screeners,
 * automatic checks); storage keys, hashes of the file and the uploader's email never leave.
 */
export function presentPhoto(row: PhotoRow, ctx: PresentContext, view: 'private' | 'public'): PhotoResponse {
  const renditions = row.rendition_hash
    ? storedRenditions(row).map((r) => ({
        width: r.width,
        height: r.height,
        url: `${ctx.imageHost}/img/${row.rendition_hash}-${r.edge}.webp`,
      }))
    : [];
  return {
    id: row.id,
    state: row.state,
    queue: row.queue,
    registration: row.registration,
    msn: row.msn,
    modeS: row.mode_s,
    aircraftType: row.aircraft_type_id ? (ctx.types.get(row.aircraft_type_id) ?? null) : null,
    airline: row.airline_id ? (ctx.airlines.get(row.airline_id) ?? null) : null,
    airport: row.airport_id ? (ctx.airports.get(row.airport_id) ?? null) : null,
    airframeId: row.airframe_id,
    livery:
      row.livery_id && ctx.liveries.has(row.livery_id) ? { id: row.livery_id, name: ctx.liveries.get(row.livery_id)! } : null,
    inFlight: row.in_flight === 1,
    takenOn: row.taken_on,
    categories: fromJson(row.categories),
    remark: row.remark,
    ...(view === 'private'
      ? {
          messageToScreener: row.message_to_screener,
          checks: fromJson(row.checks),
          firstCandidate: row.state !== 'accepted' && row.first_candidate === 1,
        }
      : {}),
    width: row.width,
    height: row.height,
    thumbhash: row.thumbhash,
    renditions: renditions.sort((a, b) => a.width - b.width),
    exif: fromJson(row.exif),
    uploader: { id: row.uploader_id, username: ctx.usernames.get(row.uploader_id) ?? '' },
    ipRegion: row.ip_region,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    views: row.views,
    likes: row.likes,
    featured: row.featured_at !== null,
    first: ctx.firsts.has(row.id),
  };
}

/** Row → the compact card a gallery list gives with `view=card`: only what a card shows. */
export function presentCard(row: CardRow, ctx: PresentContext): PhotoCardItem {
  const label = (map: Map<number, { label: string }>, id: number | null) => (id === null ? null : (map.get(id)?.label ?? null));
  return {
    id: row.id,
    registration: row.registration,
    aircraftType: label(ctx.types, row.aircraft_type_id),
    airline: label(ctx.airlines, row.airline_id),
    airport: label(ctx.airports, row.airport_id),
    inFlight: row.in_flight === 1,
    width: row.width,
    height: row.height,
    thumbhash: row.thumbhash,
    images: row.rendition_hash ? `${ctx.imageHost}/img/${row.rendition_hash}` : null,
    sizes: row.rendition_hash
      ? storedRenditions(row)
          .map((r): [number, number] => [r.width, r.height])
          .sort((a, b) => a[0] - b[0])
      : [],
    photographer: ctx.usernames.get(row.uploader_id) ?? '',
    featured: row.featured_at !== null,
    first: ctx.firsts.has(row.id),
  };
}
