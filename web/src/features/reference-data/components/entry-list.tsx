import type { RefItem, RefKind } from '@contract/reference';
import { Button, Empty, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useEntries } from '../api/search-entries.js';
import { useCountryName } from '../../../lib/countries.js';
import { entryLabel, FIELDS, KIND_NAMES, shownValue } from '../lib/kinds.js';
import { useNarrow } from '../../../lib/use-narrow.js';
import { EntryActions } from './entry-actions.js';
import { EntryCard } from './entry-card.js';
import { EntryDialog } from './entry-dialog.js';
import { MergeDialog } from './merge-dialog.js';

interface Props {
  kind: RefKind;
  /** The search in the URL. */
  q: string;
  onSearch: (q: string) => void;
}

type Dialog = { kind: 'add' } | { kind: 'edit'; item: RefItem } | { kind: 'merge'; item: RefItem } | null;

/** One kind's entries: search, add, and per entry edit, merge and delete; a table, or cards on a phone. */
export function EntryList({ kind, q, onSearch }: Props) {
  const [typed, setTyped] = useState(q);
  const settled = useDebouncedValue(typed.trim(), 300);
  useEffect(() => {
    if (settled !== q) onSearch(settled);
  }, [settled, q, onSearch]);
  const entries = useEntries(kind, q);
  const narrow = useNarrow();
  const [dialog, setDialog] = useState<Dialog>(null);
  const countryName = useCountryName();
  const name = KIND_NAMES[kind];
  const items: RefItem[] = entries.data?.pages.flatMap((p): RefItem[] => p.items) ?? [];

  const actions = (item: RefItem) => (
    <EntryActions
      kind={kind}
      item={item}
      onEdit={(it) => setDialog({ kind: 'edit', item: it })}
      onMerge={(it) => setDialog({ kind: 'merge', item: it })}
    />
  );
  const columns: TableColumnsType<RefItem> = [
    ...FIELDS[kind].map((f) => ({
      key: f.name,
      title: f.column,
      width: f.code ? 76 : undefined,
      render: (_: unknown, item: RefItem) => shownValue(item, f.name, countryName) || <span className="muted">—</span>,
    })),
    {
      key: 'actions',
      title: '操作',
      width: 210,
      render: (_: unknown, item: RefItem) => (
        <div className="refdata-actions">
          {/* Search lists the caller's own suggestions too (made before they became a screener). */}
          {item.status === 'pending' && <Tag color="orange">待审核</Tag>}
          {actions(item)}
        </div>
      ),
    },
  ];

  let body;
  if (entries.isPending) body = <div className="route-loading">加载中…</div>;
  else if (items.length === 0)
    body = (
      <Empty description={q ? `没有找到“${q}”` : `还没有${name}`}>
        <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
          新增{name}
        </Button>
      </Empty>
    );
  else if (narrow)
    body = (
      <div className="refdata-cards">
        {items.map((item) => (
          <EntryCard key={item.id} kind={kind} item={item} actions={actions(item)} testId="entry" />
        ))}
      </div>
    );
  else
    body = (
      <Table<RefItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={false}
        loading={entries.isPlaceholderData}
        onRow={() => ({ 'data-testid': 'entry' }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div className="panel refdata-panel">
      <div className="refdata-toolbar">
        <Input.Search
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => setTyped(v)}
          allowClear
          maxLength={60}
          placeholder={`搜索${name}：代码、中文名或英文名`}
          loading={entries.isFetching && !entries.isFetchingNextPage}
          aria-label={`搜索${name}`}
        />
        <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
          新增{name}
        </Button>
      </div>
      {body}
      {entries.hasNextPage && (
        <p className="load-more">
          <Button onClick={() => void entries.fetchNextPage()} loading={entries.isFetchingNextPage}>
            加载更多
          </Button>
        </p>
      )}
      {dialog?.kind === 'add' && (
        <EntryDialog
          kind={kind}
          onClose={() => setDialog(null)}
          onAdded={(added) => setTyped(added.icao ?? ('iata' in added ? added.iata : null) ?? entryLabel(kind, added))}
        />
      )}
      {dialog?.kind === 'edit' && <EntryDialog kind={kind} item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'merge' && <MergeDialog kind={kind} item={dialog.item} onClose={() => setDialog(null)} />}
    </div>
  );
}
