import { Empty, Tag, Tooltip } from 'antd';
import { AntdProvider } from '../../../components/antd-provider.js';
import { useRejectQueue } from '../api/get-reject-queue.js';
import { OwnPhotoItem } from './photo-facts.js';

function RejectList() {
  const { data, isPending } = useRejectQueue();
  if (isPending) return <div className="route-loading">加载中…</div>;
  if (!data) return null;
  if (data.items.length === 0) return <Empty description="最近 30 天没有被退回的图片" />;
  return (
    <div className="queue-list">
      {data.items.map(({ photo, reasons, message, rejectedAt }) => (
        <OwnPhotoItem key={photo.id} photo={photo} testId="reject-item">
          <p className="muted">{new Date(rejectedAt).toLocaleDateString('zh-CN')} 退回</p>
          <p>
            {reasons.map((r) => (
              <Tooltip key={r.code} title={r.guide}>
                <Tag color="red" style={{ cursor: 'help' }}>
                  {r.title}
                </Tag>
              </Tooltip>
            ))}
          </p>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {reasons.map((r) => (
              <li key={r.code} className="muted">
                {r.title}：{r.guide}
              </li>
            ))}
          </ul>
          {message && <p>审图员留言：{message}</p>}
        </OwnPhotoItem>
      ))}
    </div>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <div className="panel">
        <h1 style={{ marginTop: 0 }}>我的退图</h1>
        <p className="muted">最近 30 天被退回的图片及原因。被退回图片的文件会在 30 天后删除。</p>
        <RejectList />
      </div>
    </AntdProvider>
  );
}
