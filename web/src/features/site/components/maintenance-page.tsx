import { Link } from 'react-router';
import { useSiteStatus } from '../api/get-site-status.js';

export function Component() {
  const { data } = useSiteStatus();
  const over = data && !data.maintenance;
  return (
    <div className="center-page panel" data-testid="maintenance">
      <h1>{over ? '维护已结束' : '网站维护中'}</h1>
      <p className="muted">{over ? '网站已恢复正常，欢迎回来。' : (data?.maintenanceMessage ?? '网站维护中，请稍后再来')}</p>
      {over && (
        <p>
          <Link to="/">返回首页</Link>
        </p>
      )}
    </div>
  );
}
