import { Tabs } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { PENDING_LIMIT, usePending } from '../api/get-pending.js';
import { TAB_NAMES, TABS, type DataTab } from '../lib/kinds.js';
import { AirframesTab } from './airframes-tab.js';
import { EntryList } from './entry-list.js';
import { PendingList } from './pending-list.js';
import './reference-data.css';

function PendingCount() {
  const { data } = usePending();
  if (!data) return null;
  const counts = [data.airports.length, data.airlines.length, data.aircraftTypes.length];
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const capped = counts.some((n) => n >= PENDING_LIMIT);
  return (
    <span className="tab-count alert" data-testid="pending-count">
      {total}
      {capped ? '+' : ''}
    </span>
  );
}

function ReferenceData() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: DataTab = TABS.find((t) => t === asked) ?? 'airports';
  const q = params.get('q') ?? '';
  // The search lives in the URL (a reload or a shared link keeps it); typing replaces, never piles up history.
  const onSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          if (next) p.set('q', next);
          else p.delete('q');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className="refdata">
      <div className="panel refdata-head">
        <h1>机场、航司与机型</h1>
        <p className="muted">
          搜索、新增和修改参考数据；把重复的条目合并到另一条（使用它的照片随之更新）；审核会员提交的建议；把照片归入机身，合并或拆分机身，新增涂装。
        </p>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={TABS.map((t) => ({
          key: t,
          label: (
            <span data-testid={`tab-${t}`}>
              {TAB_NAMES[t]}
              {t === 'pending' && <PendingCount />}
            </span>
          ),
        }))}
      />
      {tab === 'pending' ? (
        <PendingList />
      ) : tab === 'airframes' ? (
        <AirframesTab />
      ) : (
        <EntryList key={tab} kind={tab} q={q} onSearch={onSearch} />
      )}
    </div>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <ReferenceData />
    </AntdProvider>
  );
}
