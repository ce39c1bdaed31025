import { SHELL } from '@contract/texts';
import { Link } from 'react-router';

export function Component() {
  return (
    <div className="center-page panel" data-testid="not-found">
      <h1>{SHELL.notFound}</h1>
      <p className="muted">你要找的页面不存在或已被移除。</p>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  );
}
