import { useQuery } from '@tanstack/react-query';
import { Card, Switch } from 'antd';
import { useUpdateVerification, verificationQuery } from '../api/update-verification.js';

/** 实名验证 (issue 38): off by default; docs/deploy.md says when a site turns it on. */
export function VerificationPanel() {
  const current = useQuery(verificationQuery);
  const update = useUpdateVerification();
  return (
    <Card className="notam-panel" title="实名验证">
      <div className="switch-row">
        <Switch
          checked={current.data?.phoneRequired ?? false}
          disabled={!current.data}
          loading={update.isPending}
          onChange={(phoneRequired) => update.mutate({ phoneRequired })}
          aria-label="发布内容需要验证手机号"
          data-testid="verification-switch"
        />
        <div>
          <div>发布内容需要验证手机号</div>
          <div className="muted">
            开启后，会员须先用短信验证码验证手机号，才能上传图片、联系摄影师和举报。在中国大陆运营的网站依《互联网用户账号信息管理规定》应开启。
          </div>
        </div>
      </div>
    </Card>
  );
}
