import { Link } from 'react-router';
import { SUSPENDED_KEY } from '../../../lib/api.js';

export function Component() {
  const message = sessionStorage.getItem(SUSPENDED_KEY);
  return (
    <div className="center-page panel" data-testid="account-stop">
      <h1>账号已被停用</h1>
      <p>{message ?? '你的账号已被停用。'}</p>
      <p className="muted">
        停用期间无法登录。如有疑问，请通过<Link to="/about">关于</Link>页面中的联系方式联系管理团队。
      </p>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  );
}
