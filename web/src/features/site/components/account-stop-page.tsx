import { Link } from 'react-router';
import { SUSPENDED_KEY } from '../../../lib/api.js';
import { SiteContactLine } from '../../../components/site-contact.js';

export function Component() {
  const message = sessionStorage.getItem(SUSPENDED_KEY);
  return (
    <div className="center-page panel" data-testid="account-stop">
      <h1>账号已被停用</h1>
      <p>{message ?? '你的账号已被停用。'}</p>
      <p className="muted">停用期间无法登录。</p>
      <p>
        <SiteContactLine lead="如有疑问，请联系管理团队：" />
      </p>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  );
}
