import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { takeReturnPath } from '../../../lib/maintenance-return.js';
import { useSiteStatus } from '../api/get-site-status.js';

/**
 * §3.15: the admin's message; the status is asked every 30 s and again whenever the tab comes back
 * into view, and once maintenance has ended the member goes back to the page they were sent from.
 */
export function Component() {
  const navigate = useNavigate();
  const status = useSiteStatus();
  const { refetch } = status;
  // Only an answer asked by this visit counts: a cached "not in maintenance" would bounce the member
  // back to a page that is still refused.
  const over = status.isFetchedAfterMount && status.data?.maintenance === false;

  useEffect(() => {
    if (over) void navigate(takeReturnPath(), { replace: true });
  }, [over, navigate]);

  useEffect(() => {
    const recheck = () => document.visibilityState === 'visible' && void refetch({ cancelRefetch: false });
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [refetch]);

  return (
    <div className="center-page panel maintenance-page" data-testid="maintenance">
      <h1>系统维护中</h1>
      {status.data && (
        <p className="maintenance-message" data-testid="maintenance-message">
          {status.data.maintenanceMessage}
        </p>
      )}
      <p className="muted">{over ? '维护已结束，正在返回…' : '维护结束后，本页会自动带你回到原来的页面。'}</p>
      <p>
        <button
          type="button"
          className="btn"
          onClick={() => void refetch({ cancelRefetch: false })}
          disabled={status.isFetching}
          data-testid="maintenance-recheck"
        >
          {status.isFetching ? '正在检查…' : '重新检查'}
        </button>
      </p>
    </div>
  );
}
