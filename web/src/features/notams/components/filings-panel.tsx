import { policeRegisterUrl, SITE_LIMITS, updateFilingsRequest, type UpdateFilingsRequest } from '@contract/site';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { siteFilingsQuery } from '../../../lib/site-filings.js';
import { useUpdateFilings } from '../api/update-filings.js';

const FIELDS = [
  { key: 'icp', label: 'ICP 备案号', placeholder: '例如：京ICP备12345678号-1', max: SITE_LIMITS.filing },
  { key: 'police', label: '公安备案号', placeholder: '例如：京公网安备 11010502030143号', max: SITE_LIMITS.filing },
  {
    key: 'policeUrl',
    label: '公安备案链接（留空则链接到全国互联网安全管理服务平台上这个备案号的页面）',
    placeholder: 'https://beian.mps.gov.cn/…',
    max: SITE_LIMITS.filingUrl,
  },
] as const;

/**
 * The filing numbers a site run in mainland China must show (issue 38): in every page's footer, under
 * the copyright line, each linked to its register. Checked as the server checks them, as they are typed.
 */
export function FilingsPanel() {
  const saved = useQuery(siteFilingsQuery);
  const update = useUpdateFilings();
  // null: not edited, the saved numbers show.
  const [draft, setDraft] = useState<UpdateFilingsRequest | null>(null);
  const value: UpdateFilingsRequest = draft ?? {
    icp: saved.data?.icp ?? '',
    police: saved.data?.police ?? '',
    // A link derived from the number is not the administrator's own: the field stays empty for it.
    policeUrl: saved.data && saved.data.policeUrl !== policeRegisterUrl(saved.data.police) ? saved.data.policeUrl : '',
  };
  const issues = new Map<string, string>();
  const checked = updateFilingsRequest.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) issues.set(String(issue.path[0]), issue.message);
  const save = async () => {
    if (!checked.success) return;
    try {
      await update.mutateAsync(checked.data);
      setDraft(null);
    } catch {
      // the action facility has shown the server's message
    }
  };
  return (
    <Card className="notam-panel" title="备案信息">
      <p className="notam-help">在中国大陆运营时，备案号显示在每个页面底部的版权行下方，并链接到备案查询网站。留空则不显示。</p>
      {FIELDS.map(({ key, label, placeholder, max }) => (
        <div key={key} className="filing-field">
          <label className="notam-label" htmlFor={`site-filing-${key}`}>
            {label}
          </label>
          <Input
            id={`site-filing-${key}`}
            value={value[key]}
            onChange={(e) => setDraft({ ...value, [key]: e.target.value })}
            maxLength={max}
            placeholder={placeholder}
            disabled={!saved.data}
            status={draft && issues.has(key) ? 'error' : undefined}
            aria-invalid={draft !== null && issues.has(key)}
            aria-describedby={draft && issues.has(key) ? `site-filing-${key}-error` : undefined}
          />
          {draft && issues.has(key) && (
            <div className="filing-error" id={`site-filing-${key}-error`} role="alert">
              {issues.get(key)}
            </div>
          )}
        </div>
      ))}
      <div className="maintenance-actions">
        <Button
          type="primary"
          onClick={() => void save()}
          loading={update.isPending}
          disabled={draft === null || !checked.success}
        >
          保存备案信息
        </Button>
      </div>
    </Card>
  );
}
