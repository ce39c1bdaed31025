import { suspensionOf } from '@contract/texts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { SUSPENDED_KEY } from '../../../lib/api.js';
import { SiteContactLine } from '../../../components/site-contact.js';
import './account-stop.css';

// The appeal is a form: it comes with Ant Design, after the page's own words.
const AppealForm = lazy(() => import('./appeal-form.js'));

export function Component() {
  const message = sessionStorage.getItem(SUSPENDED_KEY);
  const parts = message ? suspensionOf(message) : null;
  return (
    <div className="center-page panel account-stop" data-testid="account-stop">
      <h1>账号已被停用</h1>
      {parts ? (
        <>
          <p>原因：{parts.reason}</p>
          <p>停用至：{parts.end}</p>
        </>
      ) : (
        <p>{message ?? '你的账号已被停用。'}</p>
      )}
      <p className="muted">停用期间无法登录。</p>
      <p>
        <SiteContactLine lead="如有疑问，请联系管理团队：" missing="管理团队暂未公布联系方式，可以在下面直接向管理员申诉。" />
      </p>
      <section className="appeal" aria-labelledby="appeal-title">
        <h2 id="appeal-title">向管理员申诉</h2>
        <Suspense fallback={<div className="appeal-loading muted">加载中…</div>}>
          <AppealForm />
        </Suspense>
      </section>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  );
}
