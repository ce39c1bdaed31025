import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page chunk fails to load (e.g. after a deploy) or a page throws. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main className="page">
      <div className="center-page panel">
        <h1>{status === 404 ? '页面不存在' : '页面出错了'}</h1>
        <p className="muted">请刷新页面重试。</p>
        <p>
          <a href="/">返回首页</a>
        </p>
      </div>
    </main>
  );
}
