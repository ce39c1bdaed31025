import type { PublicUser } from '@contract/accounts';
import { LEVEL_NAMES } from '@contract/limits';
import { SHELL } from '@contract/texts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { FollowButton } from '../../../components/follow-button.js';
import { ReportButton } from '../../../components/report-button.js';
import { LoadMore, PhotoGrid } from '../../../components/photo-card.js';
import { fallbackSrc, photoAlt, srcSetOf, useThumbHashBackground } from '../../../components/photo-image.js';
import { siteDay } from '../../../lib/local-time.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import { useSession } from '../../../lib/use-session.js';
import { useUser } from '../api/get-user.js';
import { useUserPhotos } from '../api/get-user-photos.js';
import { useLogout } from '../api/logout.js';
import StatisticsSection from './statistics-section.js';
import './user-page.css';

// Ant Design comes with the settings, when the member opens them.
const SettingsPanel = lazy(() => import('./settings-panel.js'));
// 我的目击 is read after the page: a member's sightings are theirs to show or not, never in the shared HTML.
const SightingsSection = lazy(() => import('./sightings-section.js'));
const CollectionsSection = lazy(() => import('./collections-section.js'));

/** Moving from one user page to another forces a full reload (§2.1). */
function useReloadOnUserChange(id: string | undefined) {
  const first = useRef(id);
  useEffect(() => {
    if (id !== first.current) window.location.reload();
  }, [id]);
}

const COVER_SIZES = '(max-width: 1200px) calc(100vw - 32px), 1168px';

function Cover({ user, own }: { user: PublicUser; own: boolean }) {
  const photo = user.coverPhoto;
  const placeholder = useThumbHashBackground(photo?.thumbhash ?? '');
  return (
    <section className={`user-cover${photo ? ' has-photo' : ''}`} data-testid="user-cover">
      {photo && (
        <img
          className="user-cover-img"
          src={fallbackSrc(photo, 1280)}
          srcSet={srcSetOf(photo)}
          sizes={COVER_SIZES}
          alt={photoAlt(photo)}
          fetchPriority="high"
          style={{ backgroundImage: placeholder }}
        />
      )}
      <div className="user-cover-text">
        <div className="user-avatar" aria-hidden="true">
          {[...user.username][0]}
        </div>
        <div>
          <h1>
            {user.username}
            {user.level > 0 && (
              <span className={`level-badge level-${user.level}`} data-testid="level-badge">
                {LEVEL_NAMES[user.level]}
              </span>
            )}
            {!own && <FollowButton kind="photographer" target={String(user.id)} />}
            {!own && <ReportButton targetType="member" targetId={user.id} label={user.username} className="report-pill" />}
          </h1>
          <p>
            {user.homeAirport && (
              <>
                主场机场 <Link to={`/search?airport=${user.homeAirport.id}`}>{user.homeAirport.label}</Link> ·{' '}
              </>
            )}
            {siteDay(user.createdAt)} 加入
            {user.ipRegion && <span data-testid="user-ip-region"> · IP属地：{user.ipRegion}</span>}
          </p>
        </div>
      </div>
      {photo && (
        <Link className="user-cover-credit" to={`/photo/${photo.id}`}>
          封面：{photoAlt(photo)}
        </Link>
      )}
    </section>
  );
}

function Stats({ user }: { user: PublicUser }) {
  const { stats } = user;
  const rows: [string, string][] = [
    ['通过图片', stats.acceptedPhotos.toLocaleString('zh-CN')],
    ['通过率', stats.acceptanceRate === null ? '—' : `${Math.round(stats.acceptanceRate * 100)}%`],
    ['编辑精选', stats.featured.toLocaleString('zh-CN')],
    ['首张', stats.firsts.toLocaleString('zh-CN')],
    ['总浏览', stats.views.toLocaleString('zh-CN')],
    ['获赞', stats.likes.toLocaleString('zh-CN')],
  ];
  return (
    <section className="stats" aria-label="统计" data-testid="user-stats">
      {rows.map(([name, value]) => (
        <div className="stat" key={name}>
          <b>{value}</b>
          <span className="muted">{name}</span>
        </div>
      ))}
    </section>
  );
}

function Photos({ user, own }: { user: PublicUser; own: boolean }) {
  const photos = useUserPhotos(user.id);
  useLoadMoreAtBottom(photos);
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="user-photos">
      <div className="section-head">
        <h2>作品</h2>
        {items.length > 0 && <Link to={`/search?user=${user.id}`}>在图库中筛选</Link>}
      </div>
      {photos.isSuccess && items.length === 0 ? (
        <p className="muted" data-testid="user-no-photos">
          {own ? (
            <>
              还没有通过审核的图片。<Link to="/upload">上传第一张</Link>
            </>
          ) : (
            '还没有通过审核的图片。'
          )}
        </p>
      ) : (
        <PhotoGrid photos={items} testId="user-photos" />
      )}
      <LoadMore {...photos} />
    </section>
  );
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
  // `?settings=phone`: where the app leads a member to verify their phone (实名验证).
  const [params] = useSearchParams();
  const focusPhone = params.get('settings') === 'phone';
  const [settingsOpen, setSettingsOpen] = useState(focusPhone);
  usePageTitle(user ? user.username : null);

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
    <div className="user-page" data-testid="user-page">
      <Cover user={user} own={own} />
      <Stats user={user} />
      {own && (
        <>
          <nav className="user-tools" aria-label="我的">
            <Link className="btn btn-primary" to="/upload">
              上传
            </Link>
            <Link className="btn" to="/queue/upload">
              待审队列
            </Link>
            <Link className="btn" to="/following">
              关注
            </Link>
            <Link className="btn" to="/queue/reject">
              退图
            </Link>
            <button
              type="button"
              className="btn"
              aria-expanded={settingsOpen}
              onClick={() => setSettingsOpen(!settingsOpen)}
              data-testid="settings-toggle"
            >
              设置
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                logout.mutate(undefined, { onSettled: () => void navigate('/') });
              }}
            >
              退出登录
            </button>
          </nav>
          {settingsOpen && (
            <Suspense fallback={<div className="panel muted">加载设置…</div>}>
              <SettingsPanel user={user} onClose={() => setSettingsOpen(false)} focusPhone={focusPhone} />
            </Suspense>
          )}
          {/* The app puts the member's inbox here (a child route), on their own page only. */}
          <div className="panel user-inbox">
            <Outlet />
          </div>
        </>
      )}
      {user.stats.acceptedPhotos > 0 && <StatisticsSection userId={user.id} />}
      <Photos user={user} own={own} />
      {(own || user.stats.collections > 0) && (
        <Suspense fallback={null}>
          <CollectionsSection userId={user.id} own={own} />
        </Suspense>
      )}
      {(own || user.stats.sightings > 0) && (
        <Suspense fallback={null}>
          <SightingsSection userId={user.id} own={own} />
        </Suspense>
      )}
    </div>
  );
}
