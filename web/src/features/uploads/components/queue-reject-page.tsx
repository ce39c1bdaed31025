import type { AppealInfo } from '@contract/photos';
import { SCREENING_LIMITS } from '@contract/screening';
import { Button, Empty, Input, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { useAppealPhoto } from '../api/appeal-photo.js';
import { useRejectQueue } from '../api/get-reject-queue.js';
import { OwnPhotoItem } from './photo-facts.js';

const APPEAL_STATES: Record<AppealInfo['state'], { text: string; color: string }> = {
  open: { text: '申诉处理中', color: 'orange' },
  overturned: { text: '申诉成功', color: 'green' },
  upheld: { text: '申诉未通过（最终结果）', color: 'red' },
  withdrawn: { text: '申诉已随照片撤回', color: 'default' },
};

/** `申诉` while allowed: a note of at most 300 characters for a senior screener. */
function AppealForm({ photoId, until }: { photoId: number; until: number }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const appeal = useAppealPhoto();
  if (!open) {
    return (
      <p className="appeal-row">
        <Button size="small" onClick={() => setOpen(true)}>
          申诉
        </Button>
        <span className="muted">可在 {new Date(until).toLocaleDateString('zh-CN')} 前申诉一次，由资深审图员处理</span>
      </p>
    );
  }
  return (
    <div className="appeal-form" data-testid="appeal-form">
      <label htmlFor={`appeal-${photoId}`}>申诉理由</label>
      <Input.TextArea
        id={`appeal-${photoId}`}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={SCREENING_LIMITS.appealNoteMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder="说明你认为照片符合标准的理由"
      />
      <p className="appeal-row">
        <Button
          type="primary"
          size="small"
          disabled={note.trim() === ''}
          loading={appeal.isPending}
          onClick={() => appeal.mutate({ id: photoId, note: note.trim() }, { onSuccess: () => setOpen(false) })}
        >
          提交申诉
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          取消
        </Button>
      </p>
    </div>
  );
}

function RejectList() {
  const { data, isPending } = useRejectQueue();
  if (isPending) return <div className="route-loading">加载中…</div>;
  if (!data) return null;
  if (data.items.length === 0) return <Empty description="最近 30 天没有被退回的图片" />;
  return (
    <div className="queue-list">
      {data.items.map(({ photo, reasons, message, rejectedAt, appeal, appealUntil }) => (
        <OwnPhotoItem key={photo.id} photo={photo} testId="reject-item">
          <p className="muted">{new Date(rejectedAt).toLocaleDateString('zh-CN')} 退回</p>
          <p>
            {reasons.map((r) => (
              <Tooltip key={r.code} title={r.guide}>
                <Tag color="red">{r.title}</Tag>
              </Tooltip>
            ))}
          </p>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {reasons.map((r) => (
              <li key={r.code} className="muted">
                {r.title}：{r.guide}{' '}
                <Link to={`/guide/standard#${r.code}`} data-testid="reason-guide">
                  详细说明
                </Link>
              </li>
            ))}
          </ul>
          {message && <p>审图员留言：{message}</p>}
          {appeal && (
            <p className="appeal-row" data-testid="appeal-state">
              <Tag color={APPEAL_STATES[appeal.state].color}>{APPEAL_STATES[appeal.state].text}</Tag>
              <span className="muted">申诉理由：{appeal.note}</span>
            </p>
          )}
          {appealUntil !== null && <AppealForm photoId={photo.id} until={appealUntil} />}
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
