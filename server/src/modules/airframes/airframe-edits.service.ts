import { AIRFRAME_MESSAGES, msnKey, type AirframeEdit, type AirframePeriodEdit } from '../../../../contract/airframes.js';
import { modeSProblem } from '../../../../contract/mode-s.js';
import { PHOTO_MESSAGES, registrationKey } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './airframes.repository.js';
import { FleetImportService } from './fleet-import.service.js';
import { refreshFirstsAround } from './first-photos.js';

/** Within the column's 30 characters: upper-casing may lengthen a string (ß → SS). */
export const keyOfMsn = (msn: string | null | undefined) => (msn ? msnKey(msn).slice(0, 30) || null : null);

/**
 * Screeners' writes to airframes (level ≥ 1), each audited in its transaction: edit, merge, split and
 * placing photos. Each starts with a guarded write (a live airframe), so the rows are locked on
 * PostgreSQL and a SQLite transaction is a writer from its first statement.
 */
export class AirframeEditsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly audit: AuditService,
  ) {
    this.fleetImport = new FleetImportService(database, clock, audit);
  }

  /** An administrator's fleet list (fleet-import.service.ts). */
  readonly fleetImport: FleetImportService;

  private get db() {
    return this.database.db;
  }

  async edit(id: number, actor: AuthUser, patch: AirframeEdit): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // A write first (guarded: a live airframe), so the row is locked and SQLite's snapshot is a writer's.
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      const before = (await repo.findAirframe(trx, id))!;
      if (patch.aircraftTypeId && !(await repo.typeExists(trx, patch.aircraftTypeId))) {
        throw badRequest(PHOTO_MESSAGES.unknownType, [{ path: ['aircraftTypeId'], message: PHOTO_MESSAGES.unknownType }]);
      }
      // Checked against the registration it flies under now (its newest photo's).
      const current = (await repo.currentRegistration(trx, id)) ?? before.registration;
      const modeS = patch.modeS ? modeSProblem(patch.modeS, current) : null;
      if (modeS) throw badRequest(modeS, [{ path: ['modeS'], message: modeS }]);
      await repo.updateLive(trx, id, {
        ...(patch.aircraftTypeId !== undefined ? { aircraft_type_id: patch.aircraftTypeId } : {}),
        ...(patch.msn !== undefined ? { msn: patch.msn || null, msn_key: keyOfMsn(patch.msn) } : {}),
        ...(patch.modeS !== undefined ? { mode_s: patch.modeS || null } : {}),
        ...(patch.lineNumber !== undefined ? { line_number: patch.lineNumber || null } : {}),
        ...(patch.builtYear !== undefined ? { built_year: patch.builtYear } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
      });
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.edit',
        targetType: 'airframe',
        targetId: id,
        detail: {
          before: { type: before.aircraft_type_id, msn: before.msn, modeS: before.mode_s, status: before.status },
          patch,
        },
      });
    });
    return { message: AIRFRAME_MESSAGES.saved, airframeId: id };
  }

  /** Every photo of `fromId` moves to `intoId`; links to `fromId` lead there from now on. */
  async merge(fromId: number, intoId: number, actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    if (fromId === intoId)
      throw badRequest(AIRFRAME_MESSAGES.mergeSelf, [{ path: ['intoId'], message: AIRFRAME_MESSAGES.mergeSelf }]);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // Photo rows before airframe rows, as an acceptance takes them (its photo, then its airframe),
      // and the two airframes in id order: two merges or a merge and an acceptance never wait in a circle.
      await repo.lockPhotosOf(trx, this.database.dialect, fromId);
      for (const id of [fromId, intoId].sort((a, b) => a - b)) {
        if (!(await repo.updateLive(trx, id, { updated_at: now }))) {
          const gone = await repo.findAirframe(trx, id);
          throw gone && id === fromId ? conflict(AIRFRAME_MESSAGES.mergedAway) : notFound(AIRFRAME_MESSAGES.notFound);
        }
      }
      const from = (await repo.findAirframe(trx, fromId))!;
      await repo.updateLive(trx, fromId, { merged_into: intoId });
      const moved = await repo.movePhotos(trx, fromId, intoId);
      await repo.redirectMerged(trx, fromId, intoId);
      await repo.fillUnknown(
        trx,
        intoId,
        { typeId: from.aircraft_type_id, msn: from.msn, msnKey: from.msn_key, modeS: from.mode_s },
        now,
      );
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.merge',
        targetType: 'airframe',
        targetId: intoId,
        detail: { from: fromId, into: intoId, photos: moved, fromFacts: { type: from.aircraft_type_id, msn: from.msn } },
      });
      await this.events.publish('photo.factsChanged', { trx, photoIds: moved });
      await this.events.publish('airframe.merged', { trx, fromId, intoId });
    });
    return { message: AIRFRAME_MESSAGES.merged, airframeId: intoId };
  }

  /** A screener puts accepted photos on this airframe: the ones two aircraft fit, or ones on the wrong one. */
  async place(id: number, photoIds: number[], actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      const before = await repo.acceptedIdentitiesOf(trx, photoIds);
      // Guarded on the state in the UPDATE: a photo revoked or deleted meanwhile refuses the whole step.
      if (before.length !== photoIds.length || (await repo.placePhotos(trx, photoIds, id)) !== photoIds.length) {
        throw conflict(AIRFRAME_MESSAGES.placeOnlyAccepted);
      }
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.place',
        targetType: 'airframe',
        targetId: id,
        detail: { photos: before.map((p) => ({ id: p.id, from: p.airframe_id })) },
      });
      await refreshFirstsAround(
        trx,
        photoIds,
        before.map((p) => p.airframe_id),
      );
      await this.events.publish('photo.factsChanged', { trx, photoIds });
    });
    return { message: AIRFRAME_MESSAGES.placed, airframeId: id };
  }

  /** These photos of `id` become an airframe of their own (with the type and MSN they agree on). */
  async split(id: number, photoIds: number[], actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    const newId = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      const photos = await repo.acceptedIdentitiesOf(trx, photoIds);
      if (photos.length !== photoIds.length || photos.some((p) => p.airframe_id !== id)) {
        throw badRequest(AIRFRAME_MESSAGES.splitNotHere, [{ path: ['photoIds'], message: AIRFRAME_MESSAGES.splitNotHere }]);
      }
      if ((await repo.acceptedCountOf(trx, id)) <= photoIds.length) {
        throw badRequest(AIRFRAME_MESSAGES.splitAll, [{ path: ['photoIds'], message: AIRFRAME_MESSAGES.splitAll }]);
      }
      const agreed = <T>(values: T[]) => (new Set(values).size === 1 ? values[0]! : null);
      const msn = agreed(photos.map((p) => p.msn));
      const created = await repo.insertAirframe(trx, {
        aircraft_type_id: agreed(photos.map((p) => p.aircraft_type_id)),
        msn,
        msn_key: keyOfMsn(msn),
        line_number: null,
        built_year: null,
        created_at: now,
        updated_at: now,
      });
      // Guarded on the photos still being here: a merge or another split in between refuses this one.
      if ((await repo.movePhotosOf(trx, photoIds, id, created)) !== photoIds.length)
        throw conflict(AIRFRAME_MESSAGES.changedMeanwhile);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.split',
        targetType: 'airframe',
        targetId: id,
        detail: { from: id, into: created, photos: photoIds },
      });
      await refreshFirstsAround(trx, photoIds, [id]);
      await this.events.publish('photo.factsChanged', { trx, photoIds });
      return created;
    });
    return { message: AIRFRAME_MESSAGES.split, airframeId: newId };
  }

  /** One period's operator or livery, for all its photos at once (the facts correction does one photo). */
  async editPeriod(id: number, actor: AuthUser, body: AirframePeriodEdit): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      if (body.airlineId && !(await repo.airlineExists(trx, body.airlineId))) {
        throw badRequest(PHOTO_MESSAGES.unknownAirline, [{ path: ['airlineId'], message: PHOTO_MESSAGES.unknownAirline }]);
      }
      if (body.liveryId && !(await repo.liveryExists(trx, body.liveryId))) {
        throw badRequest(AIRFRAME_MESSAGES.unknownLivery, [{ path: ['liveryId'], message: AIRFRAME_MESSAGES.unknownLivery }]);
      }
      const photos = await repo.setPeriodFacts(
        trx,
        id,
        { registrationKey: registrationKey(body.registration), from: body.from, to: body.to },
        {
          ...(body.airlineId !== undefined ? { airline_id: body.airlineId } : {}),
          ...(body.liveryId !== undefined ? { livery_id: body.liveryId } : {}),
        },
      );
      if (photos.length === 0) throw notFound(AIRFRAME_MESSAGES.periodEmpty);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.period',
        targetType: 'airframe',
        targetId: id,
        detail: { ...body, photos },
      });
      await this.events.publish('photo.factsChanged', { trx, photoIds: photos });
    });
    return { message: AIRFRAME_MESSAGES.periodSaved, airframeId: id };
  }
}
