import type { SiteStatus } from '../../../../contract/site.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/audit.service.js';
import { pingDatabase, readSetting, writeSetting } from './site.repository.js';

const MAINTENANCE_KEY = 'maintenance';

interface MaintenanceValue {
  on: boolean;
  message: string;
}

export class SiteService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  // Read from the database on every request: the flag is shared by every server process (§9.3),
  // and a primary-key lookup costs less than keeping caches coherent.
  async status(): Promise<SiteStatus> {
    const raw = await readSetting(this.db, MAINTENANCE_KEY);
    const value: MaintenanceValue = raw ? (JSON.parse(raw) as MaintenanceValue) : { on: false, message: '' };
    return { maintenance: value.on, maintenanceMessage: value.message || MESSAGES.maintenance };
  }

  async setMaintenance(on: boolean, message: string | undefined, actorId: number | null): Promise<SiteStatus> {
    await this.db.transaction().execute(async (trx) => {
      await writeSetting(trx, MAINTENANCE_KEY, JSON.stringify({ on, message: message ?? '' }));
      await this.audit.record(trx, {
        actorId,
        action: on ? 'maintenance.on' : 'maintenance.off',
        targetType: 'site',
        targetId: null,
        detail: { message: message ?? '' },
      });
    });
    return this.status();
  }

  health(): Promise<boolean> {
    return pingDatabase(this.db);
  }
}
