import type { Notam, NotamRequest } from '@contract/manage';
import { Button, Card, Empty, Popconfirm, Tag } from 'antd';
import { useCurrentNotam } from '../../../lib/current-notam.js';
import { useDeleteNotam } from '../api/delete-notam.js';
import { useNotams } from '../api/get-notams.js';
import { useUpdateNotam } from '../api/update-notam.js';
import { localMinute } from '../../../lib/local-time.js';
import { windowState, windowText } from '../lib/notam-time.js';

const requestOf = (n: Notam): NotamRequest => ({
  title: n.title,
  content: n.content,
  published: n.published,
  startsAt: n.startsAt,
  endsAt: n.endsAt,
});

function Row({
  notam,
  current,
  editing,
  onEdit,
  onDeleted,
}: {
  notam: Notam;
  current: boolean;
  /** Open in the form above: publishing from here would be undone by the form's next save. */
  editing: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const update = useUpdateNotam();
  const remove = useDeleteNotam();
  const state = windowState(notam);
  return (
    <li className="notam-row" data-testid="notam-row" data-id={notam.id}>
      <div className="notam-row-main">
        <div className="notam-row-title">
          <b>{notam.title}</b>
          {notam.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
          {current && <Tag color="blue">首页显示中</Tag>}
          {state === 'upcoming' && <Tag color="orange">未开始</Tag>}
          {state === 'ended' && <Tag>已结束</Tag>}
        </div>
        <div className="notam-row-meta">
          <span>时间窗口：{windowText(notam)}</span>
          <span>更新于 {localMinute(notam.updatedAt)}</span>
        </div>
      </div>
      <div className="notam-row-actions">
        <Button size="small" onClick={onEdit}>
          编辑
        </Button>
        <Button
          size="small"
          type={notam.published ? 'default' : 'primary'}
          ghost={!notam.published}
          loading={update.isPending}
          disabled={editing}
          title={editing ? '正在上方编辑：请在表单里切换发布状态' : undefined}
          onClick={() => update.mutate({ id: notam.id, body: { ...requestOf(notam), published: !notam.published } })}
        >
          {notam.published ? '取消发布' : '发布'}
        </Button>
        <Popconfirm
          title="删除这条 NOTAM？"
          description="删除后无法恢复。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => remove.mutateAsync(notam.id).then(onDeleted, () => undefined)}
        >
          <Button size="small" danger loading={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

/** Every NOTAM, newest first, with the one the home page shows now marked. */
export function NotamList({
  editingId,
  onEdit,
  onDeleted,
}: {
  editingId: number | null;
  onEdit: (n: Notam) => void;
  onDeleted: (id: number) => void;
}) {
  const notams = useNotams();
  const current = useCurrentNotam().data?.notam?.id ?? null;
  const items = notams.data?.items ?? [];
  return (
    <Card className="notam-panel" title="全部 NOTAM" extra={notams.data && <span className="muted">{items.length} 条</span>}>
      <p className="muted" data-testid="notam-rule">
        首页同一时间只显示一条：已发布、且在时间窗口内的最新一条（标为「首页显示中」）。访客点「我知道了」后，同一条不再弹出。
      </p>
      {notams.isPending ? (
        <div className="route-loading">加载中…</div>
      ) : items.length === 0 ? (
        <Empty description="还没有 NOTAM" />
      ) : (
        <ul className="notam-rows">
          {items.map((n) => (
            <Row
              key={n.id}
              notam={n}
              current={n.id === current}
              editing={n.id === editingId}
              onEdit={() => onEdit(n)}
              onDeleted={() => onDeleted(n.id)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
