import type { ReportTarget } from '@contract/reports';
import { lazy, Suspense, useState } from 'react';
import { openLoginDialog } from '../lib/login-dialog.js';
import { useSession } from '../lib/use-session.js';

const ReportDialog = lazy(() => import('./report-dialog.js'));

/**
 * 举报 (issue 38): on photo pages, member pages and members' messages. A visitor gets the login dialog;
 * a member the report dialog (its chunk and Ant Design fetched on the first click).
 */
export function ReportButton({
  targetType,
  targetId,
  label,
  className = 'btn',
}: {
  targetType: ReportTarget;
  targetId: number;
  label: string;
  className?: string;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (session ? setOpen(true) : openLoginDialog())}
        data-testid={`report-${targetType}`}
      >
        举报
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
