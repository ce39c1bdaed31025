import type { SiteStatus } from '../../../../contract/site.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/audit.service.js';
import { ShortCache } from '../../http/short-cache.js';
import { pingDatabase, readSetting, writeSetting } from './site.repository.js';

const MAINTENANCE_KEY = 'maintenance';

interface MaintenanceValue {
  on: boolean;
  message: string;
}

export class SiteService {
  // The flag lives in the database, shared by every server process (§9.3); each process reads it at
  // most every 250 ms (every API request asks), and at once after changing it itself.
  private readonly maintenance = new ShortCache(250, async (): Promise<SiteStatus> => {
    const raw = await readSetting(this.db, MAINTENANCE_KEY);
    const value: MaintenanceValue = raw ? (JSON.parse(raw) as MaintenanceValue) : { on: false, message: '' };
    return { maintenance: value.on, maintenanceMessage: value.message || MESSAGES.maintenance };
  });

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  status(): Promise<SiteStatus> {
    return this.maintenance.get();
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
    this.maintenance.clear();
    return this.status();
  }

  health(): Promise<boolean> {
    return pingDatabase(this.db);
  }
}
