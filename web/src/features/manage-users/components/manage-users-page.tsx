import { ADMIN_USERS_LIMIT } from '@contract/manage';
import { Drawer, Empty, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { useSession } from '../../../lib/use-session.js';
import { useAdminUsers } from '../api/search-users.js';
import { useNarrow } from '../../../lib/use-narrow.js';
import { UserDetail } from './user-detail.js';
import { UserCards, UserTable } from './user-list.js';
import './manage-users.css';

function positiveId(raw: string | null): number | null {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/** What the list shows above itself: the previous answer stays on screen while a search is under way. */
function caption(q: string, count: number, searching: boolean): string {
  if (searching) return q ? `正在搜索“${q}”…` : '正在加载…';
  const more = count >= ADMIN_USERS_LIMIT ? `（只显示前 ${ADMIN_USERS_LIMIT} 位，请输入更具体的关键词）` : '';
  return (q ? `与“${q}”匹配的用户：${count} 位` : `最新注册的 ${count} 位用户`) + more;
}

function ManageUsers() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const selectedId = positiveId(params.get('id'));
  const session = useSession();
  const narrow = useNarrow();
  const users = useAdminUsers(q);
  // The drawer keeps showing the last user while it slides shut.
  const [shownId, setShownId] = useState(selectedId);
  if (selectedId !== null && selectedId !== shownId) setShownId(selectedId);

  const change = (next: { q?: string; id?: number | null }, replace: boolean) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.q !== undefined) {
          if (next.q) p.set('q', next.q);
          else p.delete('q');
        }
        if (next.id !== undefined) {
          if (next.id === null) p.delete('id');
          else p.set('id', String(next.id));
        }
        return p;
      },
      { replace },
    );
  // Opening a user is a step back can undo; closing it and new keywords replace the entry.
  const select = (id: number) => change({ id }, selectedId !== null);

  const items = users.data?.items ?? [];
  const listProps = { users: items, selectedId, selfId: session?.id, onSelect: select };
  return (
    <div className="manage-users">
      <div className="panel manage-users-head">
        <h1>用户管理</h1>
        {/* No `loading` here: Ant Design's search box ignores Enter while it is loading, so a keyword
            typed before the list came would be dropped. The caption says a search is under way. */}
        <Input.Search
          key={q}
          defaultValue={q}
          placeholder="邮箱、用户名或 ID"
          aria-label="搜索用户"
          allowClear
          enterButton="搜索"
          maxLength={100}
          onSearch={(value) => change({ q: value.trim() }, true)}
          data-testid="user-search"
        />
      </div>
      <div className="panel manage-users-list">
        {users.isPending ? (
          <div className="route-loading">加载中…</div>
        ) : items.length === 0 && !users.isPlaceholderData ? (
          <Empty description={q ? `没有找到与“${q}”匹配的用户` : '还没有用户'} />
        ) : (
          <>
            <p className="muted list-caption" aria-live="polite">
              {caption(q, items.length, users.isPlaceholderData)}
            </p>
            {narrow ? <UserCards {...listProps} /> : <UserTable {...listProps} />}
          </>
        )}
      </div>
      <Drawer
        open={selectedId !== null}
        onClose={() => change({ id: null }, true)}
        size={narrow ? '100%' : 720}
        title="用户详情"
        data-testid="user-drawer"
      >
        {shownId !== null && <UserDetail id={shownId} selfId={session?.id} />}
      </Drawer>
    </div>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <ManageUsers />
    </AntdProvider>
  );
}
