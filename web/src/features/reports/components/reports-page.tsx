import { REJECT_REASONS } from '@contract/catalogues';
import { REPORT_LIMITS, REPORT_REASONS, REPORT_TARGET_NAMES, type ReportAction, type ReportedThing } from '@contract/reports';
import { Button, Checkbox, Empty, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { submitDialog } from '../../../lib/form-errors.js';
import { formatTime, STATE_NAMES } from '../../../lib/screening-texts.js';

import { useReports } from '../api/get-reports.js';
import { useResolveReport } from '../api/resolve-report.js';
import './reports.css';

const REASON_NAMES = new Map<string, string>(REPORT_REASONS.map((r) => [r.code, r.zh]));

const ACTIONS: Record<ReportAction, { label: string; title: string; note: string; danger?: boolean }> = {
  withhold: {
    label: '下架照片',
    title: '下架这张照片',
    note: '照片会从图库撤下，摄影师在“我的退图”中看到原因和留言，并可在 14 天内申诉一次。',
    danger: true,
  },
  hide: { label: '隐藏消息', title: '隐藏这条消息', note: '消息会从收件人的收件箱中移除。', danger: true },
  handled: {
    label: '已处理',
    title: '标为已处理',
    note: '已用其他方式处理（如管理员停用了账号、照片已被退回）。举报人会收到“已处理”的结果。',
  },
  dismiss: {
    label: '驳回举报',
    title: '驳回举报',
    note: '没有发现违规。因举报被自动隐藏的照片会回到图库，举报人会收到“未采纳”的结果。',
  },
};

function ResolveDialog({ thing, action, onClose }: { thing: ReportedThing; action: ReportAction; onClose: () => void }) {
  const [form] = Form.useForm<{ reasons: string[]; message?: string }>();
  const resolve = useResolveReport();
  const text = ACTIONS[action];
  const submit = () =>
    submitDialog(
      form,
      (values) =>
        resolve.mutateAsync({ id: thing.id, action, reasons: values.reasons ?? [], message: values.message || undefined }),
      onClose,
    );
  return (
    <Modal
      open
      title={`${text.title}：${thing.label}`}
      okText={text.label}
      cancelText="取消"
      okButtonProps={{ danger: text.danger ?? false }}
      confirmLoading={resolve.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">{text.note}</p>
      <Form form={form} layout="vertical" requiredMark={false} data-testid="resolve-form">
        {action === 'withhold' && (
          <Form.Item name="reasons" label="下架原因（摄影师可见）" rules={[{ required: true, message: '请选择至少一个原因' }]}>
            <Checkbox.Group options={REJECT_REASONS.map((r) => ({ value: r.code, label: r.title }))} />
          </Form.Item>
        )}
        <Form.Item name="message" label={action === 'withhold' ? '留言（选填，摄影师和举报人可见）' : '留言（选填，举报人可见）'}>
          <Input.TextArea rows={3} showCount maxLength={REPORT_LIMITS.messageMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ThingCard({ thing, admin }: { thing: ReportedThing; admin: boolean }) {
  const [action, setAction] = useState<ReportAction | null>(null);
  return (
    <article className="report-card panel" data-testid="report-card" data-target={`${thing.targetType}-${thing.targetId}`}>
      <header className="report-head">
        <Tag color={thing.targetType === 'photo' ? 'blue' : thing.targetType === 'member' ? 'purple' : 'default'}>
          {REPORT_TARGET_NAMES[thing.targetType]}
        </Tag>
        <b className="report-label">{thing.link ? <Link to={thing.link}>{thing.label}</Link> : thing.label}</b>
        {thing.photoState && thing.photoState !== 'accepted' && !thing.hiddenByReports && (
          <Tag>{STATE_NAMES[thing.photoState as keyof typeof STATE_NAMES] ?? thing.photoState}</Tag>
        )}
        {thing.hiddenByReports && <Tag color="orange">已因举报自动隐藏</Tag>}
        <Tag color="red">{thing.reports.length} 条举报</Tag>
      </header>
      {thing.owner && (
        <p className="muted">
          {thing.targetType === 'photo' ? '摄影师' : thing.targetType === 'message' ? '发信人' : '会员'}{' '}
          <Link to={`/user/${thing.owner.id}`}>{thing.owner.username}</Link>
          {thing.targetType === 'member' && admin && (
            <>
              {' · '}
              <Link to={`/manage/user?q=${thing.owner.id}`}>在用户管理中停用账号</Link>
            </>
          )}
        </p>
      )}
      {thing.body !== null && <blockquote className="report-message">{thing.body}</blockquote>}
      <ul className="report-list">
        {thing.reports.map((r) => (
          <li key={r.id}>
            <Tag>{REASON_NAMES.get(r.reason) ?? r.reason}</Tag>
            <span className="muted">
              {r.reporter.username} · {formatTime(r.createdAt)}
            </span>
            {r.body && <p className="report-body">{r.body}</p>}
          </li>
        ))}
      </ul>
      <div className="report-actions">
        {thing.actions.length === 0 ? (
          <span className="muted">与你有关，请交给其他审图员处理</span>
        ) : (
          thing.actions.map((a) => (
            <Button key={a} danger={ACTIONS[a].danger ?? false} onClick={() => setAction(a)} data-testid={`report-${a}`}>
              {ACTIONS[a].label}
            </Button>
          ))
        )}
      </div>
      {action && <ResolveDialog thing={thing} action={action} onClose={() => setAction(null)} />}
    </article>
  );
}

/** /manage/reports (level 1): things with open 举报, each decided once for all its reports. */
export function Component() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useReports();
  const things = data?.pages.flatMap((p) => p.items) ?? [];
  // Whether this viewer may suspend is the server's answer (server/src/policies/members.ts).
  const admin = data?.pages[0]?.can.suspend ?? false;
  return (
    <AntdProvider>
      <div className="reports-page">
        <h1>举报处理</h1>
        <p className="muted">
          会员对照片、会员和站内消息的举报，先举报的在前。处理一次即结束该对象的全部举报，每位举报人都会在站内消息中收到结果；每一步都记入审计日志。
        </p>
        {isPending ? (
          <p className="muted">加载中…</p>
        ) : things.length === 0 ? (
          <Empty description="没有待处理的举报" />
        ) : (
          <div className="report-queue" data-testid="report-queue">
            {things.map((t) => (
              <ThingCard key={`${t.targetType}-${t.targetId}`} thing={t} admin={admin} />
            ))}
            {hasNextPage && (
              <Button block loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                加载更多
              </Button>
            )}
          </div>
        )}
      </div>
    </AntdProvider>
  );
}
