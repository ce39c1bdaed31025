import { Button, Empty, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { OriginalViewer } from '../../../components/original-viewer.js';
import { useOriginal } from '../../../lib/original.js';
import { useUploadQueue } from '../api/get-upload-queue.js';
import { useWithdrawPhoto } from '../api/withdraw-photo.js';
import { EditFactsDialog } from './edit-facts-dialog.js';
import { OwnPhotoItem } from './photo-facts.js';

function waitText(days: number | null): string {
  if (days === null) return '暂无估计（近 14 天没有审图记录）';
  if (days < 1) return '预计 1 天内';
  return `预计约 ${Math.ceil(days)} 天`;
}

function QueueList() {
  const { data, isPending } = useUploadQueue();
  const withdraw = useWithdrawPhoto();
  const [viewing, setViewing] = useState<{ id: number; title: string } | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  // Revoked by the hook once the viewer closes.
  const original = useOriginal(viewing?.id ?? null);
  const closeViewer = () => setViewing(null);

  if (isPending) return <div className="route-loading">加载中…</div>;
  if (!data) return null;
  const { slots } = data;
  const editing = data.items.find((i) => i.photo.id === editingId)?.photo;
  return (
    <>
      {editing && <EditFactsDialog photo={editing} onClose={() => setEditingId(null)} />}
      {viewing && original.data && <OriginalViewer url={original.data} title={viewing.title} onClose={closeViewer} />}
      <p className="muted" data-testid="slots">
        普通队列 {slots.normalUsed}/{slots.normal} · 优先队列 {slots.priorityUsed}/{slots.priority}
      </p>
      {data.items.length === 0 ? (
        <Empty description="没有等待审核的图片">
          <Link className="btn btn-primary" to="/upload">
            上传图片
          </Link>
        </Empty>
      ) : (
        <div className="queue-list">
          {data.items.map(({ photo, position, estimatedWaitDays }) => (
            <OwnPhotoItem key={photo.id} photo={photo} testId="queue-item">
              <p>
                <Tag color={photo.queue === 'priority' ? 'gold' : 'blue'}>
                  {photo.queue === 'priority' ? '优先队列' : '普通队列'}
                </Tag>
                {photo.state === 'escalated' ? (
                  <Tag color="purple">已提交资深审图员</Tag>
                ) : (
                  <span data-testid="position">
                    第 {position} 位 · {waitText(estimatedWaitDays)}
                  </span>
                )}
              </p>
              {photo.checks && photo.checks.advice.length > 0 && (
                <ul className="advice">
                  {photo.checks.advice.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              )}
              <p style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
                {/* Only a waiting photo's facts can change here; an escalated one is with a senior screener. */}
                {photo.state === 'pending' && (
                  <Button size="small" onClick={() => setEditingId(photo.id)}>
                    修改信息
                  </Button>
                )}
                <Button
                  size="small"
                  loading={viewing?.id === photo.id && original.isFetching}
                  onClick={() =>
                    // The same photo again after a failed fetch: ask once more.
                    viewing?.id === photo.id
                      ? void original.refetch()
                      : setViewing({ id: photo.id, title: `${photo.registration} · 原图` })
                  }
                >
                  查看原图
                </Button>
                <Popconfirm
                  title="撤回这张图片？"
                  description="撤回后队列名额立即释放，图片文件将被删除。"
                  okText="撤回"
                  cancelText="取消"
                  onConfirm={() => withdraw.mutateAsync(photo.id).catch(() => undefined)}
                >
                  <Button size="small" danger>
                    撤回
                  </Button>
                </Popconfirm>
              </p>
            </OwnPhotoItem>
          ))}
        </div>
      )}
    </>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <div className="panel">
        <h1 style={{ marginTop: 0 }}>我的待审队列</h1>
        <QueueList />
      </div>
    </AntdProvider>
  );
}
