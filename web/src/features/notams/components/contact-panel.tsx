import { SITE_LIMITS } from '@contract/site';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { siteContactQuery } from '../../../lib/site-contact.js';
import { useUpdateContact } from '../api/update-contact.js';

/** How members reach the team: shown on /about and to a suspended member on /AccountStop. */
export function ContactPanel() {
  const saved = useQuery(siteContactQuery);
  const update = useUpdateContact();
  // null: not edited, the saved contact shows.
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved.data?.contact ?? '';
  const save = async () => {
    try {
      await update.mutateAsync({ contact: value.trim() });
      setDraft(null);
    } catch {
      // the action facility has shown the server's message
    }
  };
  return (
    <Card className="notam-panel" title="联系方式">
      <label className="notam-label" htmlFor="site-contact">
        管理团队的联系方式（显示在“关于”页和账号停用页上；留空则使用配置 SITE_CONTACT）
      </label>
      <Input
        id="site-contact"
        value={value}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={SITE_LIMITS.contact}
        showCount
        placeholder="例如：邮箱 team@example.com，QQ 群 123456"
        disabled={!saved.data}
        data-testid="site-contact-input"
      />
      <div className="maintenance-actions">
        <Button
          type="primary"
          onClick={() => void save()}
          loading={update.isPending}
          disabled={draft === null}
          data-testid="site-contact-save"
        >
          保存联系方式
        </Button>
      </div>
    </Card>
  );
}
