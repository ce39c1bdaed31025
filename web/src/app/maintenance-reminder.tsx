import { LEVELS } from '@contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siteStatusQuery } from '../lib/site-status.js';
import { useSession } from '../lib/use-session.js';

/**
 * Administrators pass maintenance mode and browse the site as usual; this bar under the header, on
 * every page while it is on, reminds them that everyone else sees /maintenance. The switch on
 * /manage/notam writes its answer into the same query, so the bar follows at once; elsewhere it is
 * asked again every minute.
 */
export function MaintenanceReminder() {
  const session = useSession();
  const admin = (session?.permission ?? -1) >= LEVELS.admin;
  const status = useQuery({ ...siteStatusQuery, enabled: admin, refetchInterval: 60_000 });
  if (!admin || !status.data?.maintenance) return null;
  return (
    <div className="maintenance-reminder" role="status" aria-label="维护模式提醒" data-testid="maintenance-reminder">
      <div className="maintenance-reminder-inner">
        <span>维护模式已开启：其他用户现在看到维护页面。</span>
        <Link to="/manage/notam">关闭维护模式</Link>
      </div>
    </div>
  );
}
