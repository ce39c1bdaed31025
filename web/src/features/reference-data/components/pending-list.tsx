import { reviewRequest, type Suggestion } from '@contract/manage';
import type { RefItem, RefKind } from '@contract/reference';
import { Button, Empty, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/screening-texts.js';
import { useApproveSuggestion } from '../api/approve-suggestion.js';
import { PENDING_LIMIT, usePending } from '../api/get-pending.js';
import { useRejectSuggestion } from '../api/reject-suggestion.js';
import { entryLabel, KIND_NAMES } from '../lib/kinds.js';
import { EntryCard } from './entry-card.js';
import { EntryDialog } from './entry-dialog.js';
import { MergeDialog } from './merge-dialog.js';

type Dialog = { type: 'edit' | 'merge' | 'reject'; kind: RefKind; item: RefItem } | null;

function RejectDialog({ kind, item, onClose }: { kind: RefKind; item: RefItem; onClose: () => void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const reject = useRejectSuggestion(kind);
  const formId = `reject-${kind}`;
  const submit = async (values: { reason?: string }) => {
    const checked = reviewRequest.safeParse({ reason: values.reason ?? '' });
    if (!checked.success) {
      form.setFields([{ name: 'reason', errors: checked.error.issues.map((i) => i.message) }]);
      return;
    }
    try {
      await reject.mutateAsync({ id: item.id, reason: checked.data.reason || undefined });
      onClose();
    } catch {
      // the action facility said why
    }
  };
  return (
    <Modal
      open
      title={`拒绝${KIND_NAMES[kind]}建议`}
      okText="拒绝"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: formId, danger: true }}
      confirmLoading={reject.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        拒绝 <b className="refdata-name">{entryLabel(kind, item)}</b>，建议人会在消息中收到通知。
      </p>
      <Form form={form} id={formId} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="reason" label="原因（可选，会告诉建议人）">
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：已有该机场，请选用“上海浦东国际机场”" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SuggestionActions({ kind, item, open }: { kind: RefKind; item: RefItem; open: (d: Dialog) => void }) {
  const approve = useApproveSuggestion(kind);
  return (
    <>
      <Button
        size="small"
        type="primary"
        loading={approve.isPending}
        onClick={() => approve.mutateAsync(item.id).catch(() => undefined)}
      >
        通过
      </Button>
      <Button size="small" onClick={() => open({ type: 'edit', kind, item })}>
        编辑
      </Button>
      <Button size="small" onClick={() => open({ type: 'merge', kind, item })}>
        合并到已有
      </Button>
      <Button size="small" danger onClick={() => open({ type: 'reject', kind, item })}>
        拒绝
      </Button>
    </>
  );
}

/** Members' suggestions by kind, oldest first: approve, correct then approve, merge into an existing entry, or reject. */
export function PendingList() {
  const pending = usePending();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (pending.isPending) return <div className="route-loading">加载中…</div>;
  if (!pending.data) return null;
  const groups: [RefKind, Suggestion[]][] = [
    ['airports', pending.data.airports],
    ['airlines', pending.data.airlines],
    ['aircraft-types', pending.data.aircraftTypes],
  ];
  const shown = groups.filter(([, items]) => items.length > 0);
  const close = () => setDialog(null);

  return (
    <div className="panel refdata-panel">
      <p className="muted refdata-intro">
        会员上传时建议新增的条目。通过后所有人都能选用；与已有条目重复的，合并到已有条目，建议人照片上的信息随之更新。
      </p>
      {shown.length === 0 && <Empty description="没有待审核的建议" />}
      {shown.map(([kind, items]) => (
        <section key={kind} className="refdata-group">
          <h2>
            {KIND_NAMES[kind]}
            <span className="tab-count">{items.length}</span>
          </h2>
          {items.length === PENDING_LIMIT && <p className="muted">只列出最早的 {PENDING_LIMIT} 条，处理后会显示更多。</p>}
          <div className="refdata-cards">
            {items.map((item) => (
              <EntryCard
                key={item.id}
                kind={kind}
                item={item}
                testId="suggestion"
                showPending={false}
                note={
                  <span data-testid="suggested-by">
                    {item.suggestedBy ? (
                      <Link to={`/user/${item.suggestedBy.id}`}>{item.suggestedBy.username}</Link>
                    ) : (
                      '（未知会员）'
                    )}{' '}
                    建议于 {formatTime(item.suggestedAt)}
                  </span>
                }
                actions={<SuggestionActions kind={kind} item={item} open={setDialog} />}
              />
            ))}
          </div>
        </section>
      ))}
      {dialog?.type === 'edit' && <EntryDialog kind={dialog.kind} item={dialog.item} onClose={close} />}
      {dialog?.type === 'merge' && <MergeDialog kind={dialog.kind} item={dialog.item} onClose={close} />}
      {dialog?.type === 'reject' && <RejectDialog kind={dialog.kind} item={dialog.item} onClose={close} />}
    </div>
  );
}
