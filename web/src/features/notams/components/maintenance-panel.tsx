import { SITE_LIMITS } from '@contract/site';
import { App, Button, Card, Input, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useSiteStatus } from '../../../lib/site-status.js';
import { useUpdateSite } from '../api/update-site.js';

/**
 * The whole site's maintenance switch (§3.14). Switching it on sends every member and visitor but
 * administrators to /maintenance at their next request, so it asks first; switching off does not.
 */
export function MaintenancePanel() {
  const { modal } = App.useApp();
  const status = useSiteStatus();
  const update = useUpdateSite();
  // null: not edited, the saved message shows.
  const [draft, setDraft] = useState<string | null>(null);
  const on = status.data?.maintenance ?? false;
  const message = draft ?? status.data?.maintenanceMessage ?? '';

  const save = async (maintenance: boolean) => {
    try {
      await update.mutateAsync({ maintenance, message: message.trim() });
      setDraft(null);
    } catch {
      // the action facility has shown the server's message
    }
  };
  const toggle = (next: boolean) => {
    if (!next) return void save(false);
    modal.confirm({
      title: '开启维护模式？',
      content: '开启后，除管理员以外的所有用户（包括访客）都会被带到维护页面，看到下面的维护说明，直到你关闭维护模式。',
      okText: '开启维护模式',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => save(true),
    });
  };

  return (
    <Card
      className="notam-panel"
      title="维护模式"
      extra={
        status.data && (
          <Tag color={on ? 'red' : 'green'} data-testid="maintenance-state">
            {on ? '维护中' : '正常运行'}
          </Tag>
        )
      }
    >
      <label className="notam-label" htmlFor="maintenance-message">
        维护说明（显示在维护页面上）
      </label>
      <Input.TextArea
        id="maintenance-message"
        value={message}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={SITE_LIMITS.maintenanceMessage}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder="例如：系统升级中，预计 22:00 恢复。"
        disabled={!status.data}
        data-testid="maintenance-message-input"
      />
      <div className="maintenance-actions">
        <Switch
          checked={on}
          onChange={toggle}
          loading={update.isPending || status.isPending}
          aria-label="维护模式"
          data-testid="maintenance-switch"
        />
        <span>{on ? '维护模式已开启：除管理员外，所有人都会看到维护页面。' : '维护模式已关闭。'}</span>
        {on && draft !== null && (
          <Button onClick={() => void save(true)} loading={update.isPending}>
            保存说明
          </Button>
        )}
      </div>
    </Card>
  );
}
