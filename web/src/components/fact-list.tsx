import type { ReactNode } from 'react';
import './fact-list.css';

/** Facts as name–value rows (a photo's, an airframe's), styled by `.fact-rows`. */
export function FactList({ rows, testId, className }: { rows: [string, ReactNode][]; testId: string; className?: string }) {
  return (
    <dl className={className ? `fact-rows ${className}` : 'fact-rows'} data-testid={testId}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
