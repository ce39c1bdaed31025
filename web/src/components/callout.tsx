import type { ReactNode } from 'react';

/**
 * A boxed message in a form (a refused file, a full queue, an offer), drawn by us: pages whose first
 * screen must not wait for Ant Design (the upload form, issue 34) use it where Ant Design's Alert was.
 */
export function Callout({
  type,
  title,
  children,
  testId,
}: {
  type: 'info' | 'warning' | 'error';
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`callout callout-${type}`} role={type === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <div className="callout-title">{title}</div>
      {children && <div className="callout-body">{children}</div>}
    </div>
  );
}
