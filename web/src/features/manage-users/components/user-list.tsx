import type { AdminUser } from '@contract/manage';
import { Table, Tag, type TableColumnsType } from 'antd';
import { localDay } from '../../../lib/local-time.js';
import { levelName, rateText, STATUS_COLORS, statusText } from '../lib/texts.js';

interface ListProps {
  users: AdminUser[];
  selectedId: number | null;
  selfId: number | undefined;
  onSelect: (id: number) => void;
}

export function StatusCell({ user }: { user: AdminUser }) {
  return (
    <div className="user-status">
      <Tag color={STATUS_COLORS[user.status]}>{statusText(user)}</Tag>
      {user.status === 'suspended' && user.suspensionReason && (
        <span className="muted user-reason" title={user.suspensionReason}>
          {user.suspensionReason}
        </span>
      )}
    </div>
  );
}

function Name({ user, selfId }: { user: AdminUser; selfId: number | undefined }) {
  return (
    <>
      <b>{user.username}</b>
      {user.id === selfId && (
        <Tag className="self-tag" color="blue">
          我
        </Tag>
      )}
    </>
  );
}

export function UserTable({ users, selectedId, selfId, onSelect }: ListProps) {
  const columns: TableColumnsType<AdminUser> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: '用户名',
      key: 'username',
      // A button too, so the keyboard opens a user as the mouse does on the row.
      render: (_, u) => (
        <button
          type="button"
          className="link user-open"
          onClick={(e) => {
            e.stopPropagation();
            onSelect(u.id);
          }}
        >
          <Name user={u} selfId={selfId} />
        </button>
      ),
    },
    { title: '邮箱', dataIndex: 'email' },
    { title: '等级', key: 'level', render: (_, u) => levelName(u.level) },
    { title: '状态', key: 'status', render: (_, u) => <StatusCell user={u} /> },
    { title: '注册日期', key: 'createdAt', render: (_, u) => localDay(u.createdAt) },
    { title: '通过照片', dataIndex: 'acceptedPhotos', align: 'right' },
    { title: '通过率', key: 'rate', align: 'right', render: (_, u) => rateText(u) },
    {
      title: '名额（普通/优先）',
      key: 'slots',
      align: 'right',
      render: (_, u) => `${u.queueSlots} / ${u.prioritySlots}`,
    },
  ];
  return (
    <Table<AdminUser>
      data-testid="user-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={users}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      rowClassName={(u) => (u.id === selectedId ? 'user-row selected' : 'user-row')}
      onRow={(u) => ({ onClick: () => onSelect(u.id), 'data-testid': `user-row-${u.id}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

/** The same facts as the table, one card per user, for narrow screens. */
export function UserCards({ users, selectedId, selfId, onSelect }: ListProps) {
  return (
    <div className="user-cards" data-testid="user-cards">
      {users.map((u) => (
        <button
          type="button"
          key={u.id}
          className={u.id === selectedId ? 'user-card selected' : 'user-card'}
          onClick={() => onSelect(u.id)}
          data-testid={`user-row-${u.id}`}
        >
          <span className="user-card-head">
            <span>
              <Name user={u} selfId={selfId} />
            </span>
            <span className="muted">{levelName(u.level)}</span>
          </span>
          <span className="user-card-email">{u.email}</span>
          <StatusCell user={u} />
          <span className="muted">
            ID {u.id} · 注册于 {localDay(u.createdAt)}
          </span>
          <span className="muted">
            通过 {u.acceptedPhotos} 张 · 通过率 {rateText(u)} · 名额 {u.queueSlots} / {u.prioritySlots}
          </span>
        </button>
      ))}
    </div>
  );
}
