import { LEVEL_NAMES } from '@contract/limits';
import { SHELL } from '@contract/texts';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/use-session.js';
import { useUser } from '../api/get-user.js';
import { useLogout } from '../api/logout.js';

/** Moving from one user page to another forces a full reload (§2.1). */
function useReloadOnUserChange(id: string | undefined) {
  const first = useRef(id);
  useEffect(() => {
    if (id !== first.current) window.location.reload();
  }, [id]);
}

export function Component() {
  const { id: idParam } = useParams();
  useReloadOnUserChange(idParam);
  const id = Number(idParam);
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: user, isPending, isError } = useUser(id);
  const own = session?.id === id;

  if (!Number.isInteger(id) || id <= 0 || isError) {
    return (
      <div className="center-page panel">
        <h1>{SHELL.notFound}</h1>
        <Link to="/">返回首页</Link>
      </div>
    );
  }
  if (isPending) return <div className="route-loading">加载中…</div>;

  return (
    <div className="panel" data-testid="user-page">
      <h1 style={{ marginTop: 0 }}>
        {user.username}
        {user.level > 0 && (
          <span className="muted" style={{ fontSize: 14, marginLeft: 10 }}>
            {LEVEL_NAMES[user.level]}
          </span>
        )}
      </h1>
      <p className="muted">{new Date(user.createdAt).toLocaleDateString('zh-CN')} 加入</p>
      {own && (
        <p style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Link className="btn btn-primary" to="/upload">
            上传
          </Link>
          <Link className="btn" to="/queue/upload">
            待审队列
          </Link>
          <Link className="btn" to="/queue/reject">
            退图
          </Link>
          <button
            type="button"
            className="btn"
            onClick={() => {
              logout.mutate(undefined, { onSettled: () => void navigate('/') });
            }}
          >
            退出登录
          </button>
        </p>
      )}
      {/* The app puts the member's inbox here (a child route), on their own page only. */}
      {own && <Outlet />}
      <p className="muted">作品、统计与设置即将上线。</p>
    </div>
  );
}
