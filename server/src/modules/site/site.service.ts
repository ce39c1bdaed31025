import {
  ICP_REGISTER_URL,
  policeRegisterUrl,
  type SiteContact,
  type SiteFilings,
  type SiteStatus,
  type UpdateFilingsRequest,
} from '../../../../contract/site.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { SiteVerification } from '../../../../contract/phones.js';
import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Clock } from '../../clock.js';
import { ShortCache } from '../../shared/cache.js';
import { pingDatabase, readSetting, writeSetting } from './site.repository.js';

const MAINTENANCE_KEY = 'maintenance';
const CONTACT_KEY = 'contact';
const FILINGS_KEY = 'filings';
const VERIFICATION_KEY = 'verification';

interface MaintenanceValue {
  on: boolean;
  message: string;
}

export class SiteService {
  // The flag lives in the database, shared by every server process (§9.3); each process reads it at
  // most every 250 ms (every API request asks), and at once after changing it itself.
  private readonly maintenance: ShortCache<SiteStatus>;
  // Read by every server-rendered page's footer: kept as the flag is, and dropped at once when changed here.
  private readonly filingsCache: ShortCache<SiteFilings>;
  // 实名验证: asked by every request that publishes, kept as the flag is.
  private readonly verificationCache: ShortCache<SiteVerification>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    /** SITE_CONTACT: what /about and /AccountStop show until an administrator sets one. */
    private readonly configuredContact = '',
  ) {
    this.maintenance = new ShortCache(this.clock, 250, async (): Promise<SiteStatus> => {
      const raw = await readSetting(this.db, MAINTENANCE_KEY);
      const value: MaintenanceValue = raw ? (JSON.parse(raw) as MaintenanceValue) : { on: false, message: '' };
      return { maintenance: value.on, maintenanceMessage: value.message || MESSAGES.maintenance };
    });
    this.verificationCache = new ShortCache(this.clock, 250, async (): Promise<SiteVerification> => {
      const raw = await readSetting(this.db, VERIFICATION_KEY);
      return raw ? (JSON.parse(raw) as SiteVerification) : { phoneRequired: false };
    });
    this.filingsCache = new ShortCache(this.clock, 250, async (): Promise<SiteFilings> => {
      const raw = await readSetting(this.db, FILINGS_KEY);
      const saved: UpdateFilingsRequest = raw
        ? (JSON.parse(raw) as UpdateFilingsRequest)
        : { icp: '', police: '', policeUrl: '' };
      return {
        icp: saved.icp,
        icpUrl: saved.icp ? ICP_REGISTER_URL : '',
        police: saved.police,
        policeUrl: saved.police ? saved.policeUrl || policeRegisterUrl(saved.police) : '',
      };
    });
  }

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

  async contact(): Promise<SiteContact> {
    return { contact: (await readSetting(this.db, CONTACT_KEY)) || this.configuredContact };
  }

  /** An empty contact removes the administrator's, so the configured one (if any) shows again. */
  async setContact(contact: string, actorId: number): Promise<SiteContact> {
    await this.db.transaction().execute(async (trx) => {
      await writeSetting(trx, CONTACT_KEY, contact);
      await this.audit.record(trx, { actorId, action: 'site.contact', targetType: 'site', targetId: null, detail: { contact } });
    });
    return this.contact();
  }

  /** The footer's filing numbers (issue 38), empty until an administrator sets them. */
  verification(): Promise<SiteVerification> {
    return this.verificationCache.get();
  }

  async setVerification(value: SiteVerification, actorId: number): Promise<SiteVerification> {
    await this.db.transaction().execute(async (trx) => {
      await writeSetting(trx, VERIFICATION_KEY, JSON.stringify(value));
      await this.audit.record(trx, { actorId, action: 'site.verification', targetType: 'site', targetId: null, detail: value });
    });
    this.verificationCache.clear();
    return this.verification();
  }

  filings(): Promise<SiteFilings> {
    return this.filingsCache.get();
  }

  async setFilings(filings: UpdateFilingsRequest, actorId: number): Promise<SiteFilings> {
    await this.db.transaction().execute(async (trx) => {
      await writeSetting(trx, FILINGS_KEY, JSON.stringify(filings));
      await this.audit.record(trx, { actorId, action: 'site.filings', targetType: 'site', targetId: null, detail: filings });
    });
    this.filingsCache.clear();
    return this.filings();
  }

  health(): Promise<boolean> {
    return pingDatabase(this.db);
  }
}
