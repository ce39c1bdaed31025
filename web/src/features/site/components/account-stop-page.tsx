import { Link } from 'react-router';
import { SUSPENDED_KEY } from '../../../lib/api.js';

export function Component() {
  const message = sessionStorage.getItem(SUSPENDED_KEY);
  return (
    <div className="center-page panel" data-testid="account-stop">
      <h1>账户已停用</h1>
      <p>{message ?? '你的账户已被停用。'}</p>
      <p className="muted">停用期间无法登录。如有疑问，请联系管理员。</p>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  );
}
