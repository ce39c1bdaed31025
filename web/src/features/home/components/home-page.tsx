import { Link } from 'react-router';
import { useSession } from '../../../lib/use-session.js';

export function Component() {
  const session = useSession();
  return (
    <>
      <section className="hero">
        <h1>航迹 Contrail</h1>
        <p>记录每一道航迹：飞友的航空摄影图片社区。</p>
        <p style={{ marginTop: 20, display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Link className="btn btn-primary" to="/search">
            浏览图库
          </Link>
          {session ? (
            <Link className="btn" to="/upload">
              上传图片
            </Link>
          ) : (
            <Link className="btn" to="/register">
              加入社区
            </Link>
          )}
        </p>
      </section>
      <section>
        <h2>编辑精选</h2>
        <p className="muted">建设中：审图与精选投票上线后，这里展示最新的编辑精选。</p>
        <h2>最新图片</h2>
        <p className="muted">建设中：通过审核的最新图片将显示在这里。</p>
      </section>
    </>
  );
}
