import { type AdminUser, type AuditEntryView } from '@contract/manage';
import { Alert, Button, Descriptions, Empty, InputNumber, Popconfirm, Radio, Tag } from 'antd';
import { useState } from 'react';
import { localDay, localMinute } from '../../../lib/local-time.js';
import { useRevealPhone } from '../api/reveal-phone.js';
import { useAdminUser } from '../api/get-user.js';
import { useRevokeSessions } from '../api/revoke-sessions.js';
import { useUpdateUser } from '../api/update-user.js';
import { actionName, detailText, LEVEL_OPTIONS, levelName, rateText } from '../lib/texts.js';
import { ActionError } from './action-error.js';
import { SuspensionSection } from './suspension-section.js';
import { StatusCell } from './user-list.js';

function LevelSection({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.id);
  const [level, setLevel] = useState(user.level);
  return (
    <section className="detail-section" data-testid="level-section">
      <h3>等级</h3>
      <div className="inline-fields">
        {/* Four levels side by side: one click, no dropdown to open (a list that re-rendered between the
            press and the release of a click on a slow machine took no choice). */}
        <Radio.Group
          aria-label="等级"
          optionType="button"
          buttonStyle="solid"
          value={level}
          onChange={(e) => setLevel(e.target.value as number)}
          options={LEVEL_OPTIONS}
        />
        <Button
          type="primary"
          disabled={level === user.level}
          loading={update.isPending}
          onClick={() => update.mutate({ level })}
        >
          保存等级
        </Button>
      </div>
      <ActionError error={update.error} />
    </section>
  );
}

function SlotsSection({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.id);
  const [queueSlots, setQueueSlots] = useState<number | null>(user.queueSlots);
  const [prioritySlots, setPrioritySlots] = useState<number | null>(user.prioritySlots);
  const changed = {
    ...(queueSlots !== null && queueSlots !== user.queueSlots ? { queueSlots } : {}),
    ...(prioritySlots !== null && prioritySlots !== user.prioritySlots ? { prioritySlots } : {}),
  };
  return (
    <section className="detail-section" data-testid="slots-section">
      <h3>上传名额</h3>
      <p className="muted">同时在队列中等待审核的照片数上限。</p>
      <div className="inline-fields">
        <label className="field">
          普通队列
          <InputNumber aria-label="普通队列名额" min={0} max={1000} precision={0} value={queueSlots} onChange={setQueueSlots} />
        </label>
        <label className="field">
          优先队列
          <InputNumber
            aria-label="优先队列名额"
            min={0}
            max={1000}
            precision={0}
            value={prioritySlots}
            onChange={setPrioritySlots}
          />
        </label>
        <Button
          type="primary"
          disabled={Object.keys(changed).length === 0}
          loading={update.isPending}
          onClick={() => update.mutate(changed)}
        >
          保存名额
        </Button>
      </div>
      <ActionError error={update.error} />
    </section>
  );
}

function SessionsSection({ user, self }: { user: AdminUser; self: boolean }) {
  const revoke = useRevokeSessions(user.id);
  return (
    <section className="detail-section" data-testid="sessions-section">
      <h3>登录</h3>
      <p className="muted">让该用户在所有设备上退出登录（例如账号疑似被盗时）；用户可以重新登录。</p>
      <Popconfirm
        title="退出所有登录"
        description={
          self
            ? '这是你自己的账号：包括当前这个页面在内，所有设备都会退出登录。'
            : `确定让 ${user.username} 在所有设备上退出登录吗？`
        }
        okText="确定退出"
        cancelText="取消"
        onConfirm={() => revoke.mutateAsync().catch(() => undefined)}
      >
        <Button loading={revoke.isPending}>退出所有登录</Button>
      </Popconfirm>
      <ActionError error={revoke.error} />
    </section>
  );
}

/** The number masked; shown whole on request, which the server audits (issue 38). */
function PhoneCell({ userId, masked, verified }: { userId: number; masked: string | null; verified: boolean }) {
  const reveal = useRevealPhone(userId);
  if (masked === null) return <span className="muted">未填写</span>;
  return (
    <span data-testid="admin-phone">
      {reveal.data?.phone ?? masked} {verified ? <Tag color="green">已验证</Tag> : <Tag>未验证</Tag>}
      {!reveal.data && (
        <Button size="small" type="link" loading={reveal.isPending} onClick={() => reveal.mutate()}>
          显示完整号码
        </Button>
      )}
    </span>
  );
}

function AuditList({ entries }: { entries: AuditEntryView[] }) {
  return (
    <section className="detail-section">
      <h3>操作记录</h3>
      {entries.length === 0 ? (
        <p className="muted">暂无记录</p>
      ) : (
        <ol className="audit-list" data-testid="audit-list">
          {entries.map((e) => {
            const detail = detailText(e);
            return (
              <li key={e.id} data-testid="audit-entry">
                <span className="audit-what">
                  <b>{actionName(e.action)}</b>
                  {detail && <span>{detail}</span>}
                </span>
                <span className="muted audit-who">
                  {e.actor?.username ?? '系统'} ·{' '}
                  <time dateTime={new Date(e.createdAt).toISOString()}>{localMinute(e.createdAt)}</time>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function UserDetail({ id, selfId }: { id: number; selfId: number | undefined }) {
  const { data, isPending } = useAdminUser(id);
  if (isPending) return <div className="route-loading">加载中…</div>;
  if (!data) return <Empty description="找不到这位用户" />;
  const { user, audit, phone, phoneVerified } = data;
  // Each section starts again from its own saved values when they change (its key changes with them),
  // and only then: saving the level must not wipe slots being typed when the detail comes back.
  const saved = {
    level: `level-${user.id}-${user.level}`,
    slots: `slots-${user.id}-${user.queueSlots}-${user.prioritySlots}`,
    suspension: `suspension-${user.id}-${user.status}-${user.suspendedUntil}-${user.suspensionReason}`,
  };
  return (
    <div className="user-detail" data-testid="user-detail">
      <h2>
        {user.username}
        {user.id === selfId && (
          <Tag className="self-tag" color="blue">
            我
          </Tag>
        )}
      </h2>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'id', label: 'ID', children: user.id },
          { key: 'email', label: '邮箱', children: user.email },
          { key: 'level', label: '等级', children: levelName(user.level) },
          { key: 'status', label: '状态', children: <StatusCell user={user} /> },
          { key: 'joined', label: '注册日期', children: localDay(user.createdAt) },
          { key: 'accepted', label: '通过照片', children: `${user.acceptedPhotos} 张（已审 ${user.decidedPhotos} 张）` },
          { key: 'rate', label: '通过率', children: rateText(user) },
          { key: 'slots', label: '名额（普通/优先）', children: `${user.queueSlots} / ${user.prioritySlots}` },
          {
            key: 'phone',
            label: '手机号',
            children: <PhoneCell userId={user.id} masked={phone} verified={phoneVerified} />,
          },
        ]}
      />
      {user.status === 'deleted' ? (
        <Alert className="detail-section" type="info" showIcon title="该账号已注销，不能再修改。" />
      ) : (
        <>
          <LevelSection key={saved.level} user={user} />
          <SlotsSection key={saved.slots} user={user} />
          <SuspensionSection key={saved.suspension} user={user} />
          <SessionsSection user={user} self={user.id === selfId} />
        </>
      )}
      <AuditList entries={audit} />
    </div>
  );
}
