import type { PhotoResponse } from '../../../../contract/photos.js';
import type { PhotoRow } from '../../db/schema.js';
export type { StoredRendition } from '../../db/schema.js';
import type { RefSummaries } from '../reference/reference.service.js';
import { fromJson } from '../../db/json.js';

export interface PresentContext extends RefSummaries {
  imageHost: string;
  usernames: Map<number, string>;
  liveries: Map<number, string>;
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
    ...(view === 'private' ? { messageToScreener: row.message_to_screener, checks: fromJson(row.checks) } : {}),
    width: row.width,
    height: row.height,
    thumbhash: row.thumbhash,
    renditions: renditions.sort((a, b) => a.width - b.width),
    exif: fromJson(row.exif),
    uploader: { id: row.uploader_id, username: ctx.usernames.get(row.uploader_id) ?? '' },
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    views: row.views,
    likes: row.likes,
    featured: row.featured_at !== null,
  };
}
