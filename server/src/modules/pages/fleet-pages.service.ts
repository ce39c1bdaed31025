import {
  FLEET_MAX,
  FLEET_MESSAGES,
  type FleetAirframe,
  type FleetQuery,
  type FleetResponse,
} from '../../../../contract/fleets.js';
import { effectiveModeS } from '../../../../contract/mode-s.js';
import type { RefSummary } from '../../../../contract/photos.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../shared/errors.js';
import type { ReferenceService } from '../reference/reference.service.js';
import * as repo from './fleet-pages.repository.js';
import { distinctIds } from '../../shared/ids.js';

/**
 * Fleet pages (issue 39, item 3): an airline's aircraft by type, or a type's by operator, with what the
 * gallery has of each and the coverage 已拍 n / m; `missing` keeps the ones without a photo.
 */
export class FleetPagesService {
  constructor(
    private readonly db: Db,
    private readonly reference: Pick<ReferenceService, 'summaries'>,
  ) {}

  async fleet(by: repo.FleetBy, id: number, q: FleetQuery): Promise<FleetResponse> {
    const own = await this.reference.summaries({
      types: by === 'type' ? [id] : [],
      airlines: by === 'airline' ? [id] : [],
      airports: [],
    });
    const subject = (by === 'airline' ? own.airlines : own.types).get(id);
    if (!subject || !(await repo.isListed(this.db, by, id)))
      throw notFound(by === 'airline' ? FLEET_MESSAGES.airlineNotFound : FLEET_MESSAGES.typeNotFound);
    const [rows, size] = await Promise.all([repo.fleetAirframes(this.db, by, id, FLEET_MAX), repo.fleetSize(this.db, by, id)]);
    // An airline's aircraft by type; a type's by operator.
    const groupOf = (r: (typeof rows)[number]) => (by === 'airline' ? r.aircraft_type_id : r.airline_id);
    const refs = await this.reference.summaries({
      types: by === 'airline' ? distinctIds(rows.map(groupOf)) : [],
      airlines: by === 'type' ? distinctIds(rows.map(groupOf)) : [],
      airports: [],
    });
    const missingOnly = q.missing === '1' || q.missing === 'true';
    const groups = new Map<number | null, FleetAirframe[]>();
    for (const r of rows) {
      if (missingOnly && r.photo_count > 0) continue;
      const item: FleetAirframe = {
        id: r.id,
        registration: r.registration,
        msn: r.msn,
        modeS: effectiveModeS(r.mode_s, r.registration),
        status: r.status,
        firstTakenOn: r.first_taken_on,
        lastTakenOn: r.last_taken_on,
        photoCount: r.photo_count,
      };
      const group = groups.get(groupOf(r));
      if (group) group.push(item);
      else groups.set(groupOf(r), [item]);
    }
    const refOf = (g: number | null): RefSummary | null =>
      g === null ? null : ((by === 'airline' ? refs.types : refs.airlines).get(g) ?? null);
    return {
      subject,
      total: size.total,
      photographed: size.photographed,
      // The largest groups first; the unknown type or operator last.
      groups: [...groups]
        .map(([g, airframes]) => ({ group: refOf(g), airframes }))
        .sort((a, b) => Number(a.group === null) - Number(b.group === null) || b.airframes.length - a.airframes.length),
      truncated: size.total > rows.length,
    };
  }
}
