import type { RefItem, RefKind } from '@contract/reference';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useCountryName } from '../../../lib/countries.js';
import { entryLabel, FIELDS, shownValue } from '../lib/kinds.js';

interface Props {
  kind: RefKind;
  item: RefItem;
  actions: ReactNode;
  testId: string;
  /** Says 待审核 on a suggestion (not where every card is one). */
  showPending?: boolean;
  /** A line under the name (who suggested it, and when). */
  note?: ReactNode;
}

/** One entry as a card: its label, every field that has a value, and the actions below (phones, suggestions). */
export function EntryCard({ kind, item, actions, testId, showPending = true, note }: Props) {
  const countryName = useCountryName();
  const facts = FIELDS[kind].map((f) => [f.column, shownValue(item, f.name, countryName)] as const).filter(([, v]) => v);
  return (
    <div className="refdata-card" data-testid={testId}>
      <h3>
        <span className="refdata-name">{entryLabel(kind, item)}</span>
        {showPending && item.status === 'pending' && <Tag color="orange">待审核</Tag>}
      </h3>
      {note && <p className="muted refdata-note">{note}</p>}
      <dl>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="refdata-actions">{actions}</div>
    </div>
  );
}
