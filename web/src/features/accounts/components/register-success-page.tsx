import { Link } from 'react-router';
import { useSession } from '../../../lib/use-session.js';

export function Component() {
  const session = useSession();
  return (
    <div className="center-page panel" data-testid="register-success">
      <h1>欢迎加入，{session?.username}！</h1>
      <p>
        {/* 注册成功 has just been said by the notice; the page goes on to what comes next. */}
        上传前请先阅读<Link to="/guide/upload">上传指南</Link>，了解我们的<Link to="/guide/standard">审图标准</Link>。
      </p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link className="btn" to="/guide/upload">
          上传指南
        </Link>
        <Link className="btn btn-primary" to="/upload">
          上传第一张图片
        </Link>
        {session && (
          <Link className="btn" to={`/user/${session.id}`}>
            我的主页
          </Link>
        )}
      </p>
    </div>
  );
}
