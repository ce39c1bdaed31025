import { PHOTO_PAGE_SIZES } from '@contract/catalogues';
import type { PhotoResponse } from '@contract/photos';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { photoAlt, PhotoImage, registrationText } from '../../../components/photo-image.js';
import { ReportButton } from '../../../components/report-button.js';
import { CollectButton } from '../../../components/collect-button.js';
import { ApiError } from '../../../lib/api.js';
import { openLoginDialog } from '../../../lib/login-dialog.js';
import { notice } from '../../../lib/notice.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useSession } from '../../../lib/use-session.js';
import { usePhoto } from '../api/get-photo.js';
import { useScreeningHistory } from '../api/get-screening-history.js';
import { useLikePhoto } from '../api/like-photo.js';
import { formatDate, STATE_NAMES } from '../lib/texts.js';
import type { OwnerDialog } from './owner-dialogs.js';
import { ExifPanel, PhotoFacts } from './photo-facts.js';
import { PhotoViewer } from './photo-viewer.js';
import { RelatedStrips } from './related-strips.js';
import { ScreenerActions, type ScreenerDialog } from './screener-actions.js';
import { ScreeningHistory } from './screening-history.js';
import './gallery.css';

// Ant Design comes with these dialogs, on first open only.
const ContactDialog = lazy(() => import('./contact-dialog.js'));
const OwnerDialogs = lazy(() => import('./owner-dialogs.js'));
const OpenVoteDialog = lazy(() => import('./open-vote-dialog.js'));
const PickPotwDialog = lazy(() => import('./pick-potw-dialog.js'));

type Dialog = 'contact' | ScreenerDialog | OwnerDialog;

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.5 1.1 4.2 2.3.7-1.2 2.1-2.3 4.2-2.3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

async function copyLink(id: number): Promise<void> {
  const link = `${window.location.origin}/photo/${id}`;
  try {
    await navigator.clipboard.writeText(link);
    notice.success('链接已复制');
  } catch {
    // No clipboard (an old browser or a refused permission): let the reader copy it by hand.
    window.prompt('复制这个链接分享：', link);
  }
}

function Actions({ photo, onDialog }: { photo: PhotoResponse; onDialog: (d: Dialog) => void }) {
  const session = useSession();
  const like = useLikePhoto();
  const own = session?.id === photo.uploader.id;
  const liked = photo.liked === true;
  return (
    <div className="photo-actions">
      <span className="photo-counts" data-testid="photo-counts">
        <span>浏览 {photo.views.toLocaleString('zh-CN')}</span>
        <span data-testid="like-count">喜欢 {photo.likes.toLocaleString('zh-CN')}</span>
      </span>
      {photo.state === 'accepted' && (
        <button
          type="button"
          className={`btn${liked ? ' btn-liked' : ''}`}
          aria-pressed={liked}
          disabled={like.isPending}
          onClick={() => (session ? like.mutate({ id: photo.id, liked: !liked }) : openLoginDialog())}
          data-testid="like-button"
        >
          <HeartIcon filled={liked} />
          {liked ? '已喜欢' : '喜欢'}
        </button>
      )}
      {photo.state === 'accepted' && (
        <button type="button" className="btn" onClick={() => void copyLink(photo.id)} data-testid="share-button">
          分享
        </button>
      )}
      {photo.state === 'accepted' && <CollectButton photoId={photo.id} />}
      <ScreenerActions photo={photo} onDialog={onDialog} />
      {!own && (
        <button
          type="button"
          className="btn"
          onClick={() => (session ? onDialog('contact') : openLoginDialog())}
          data-testid="contact-button"
        >
          联系摄影师
        </button>
      )}
      {!own && photo.state === 'accepted' && (
        <ReportButton targetType="photo" targetId={photo.id} label={registrationText(photo.registration)} />
      )}
      {own && (
        <>
          <button type="button" className="btn" onClick={() => onDialog('edit')} data-testid="edit-button">
            编辑信息
          </button>
          <button type="button" className="btn btn-danger" onClick={() => onDialog('delete')} data-testid="delete-button">
            删除
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The full-screen viewer as a history entry of its own, so the browser's back closes it. Opened on
 * this page, closing goes back; found open on arrival (a reload), closing replaces the entry.
 */
function useViewerEntry() {
  const location = useLocation();
  const navigate = useNavigate();
  const openedHere = useRef(false);
  const shown = (location.state as { viewer?: boolean } | null)?.viewer === true;
  const here = `${location.pathname}${location.search}`;
  return {
    shown,
    open: () => {
      openedHere.current = true;
      void navigate(here, { state: { viewer: true } });
    },
    close: () => {
      if (openedHere.current) void navigate(-1);
      else void navigate(here, { replace: true, state: null });
      openedHere.current = false;
    },
  };
}

function PhotoView({ photo }: { photo: PhotoResponse }) {
  const session = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const viewer = useViewerEntry();
  const screener = photo.can?.screeningHistory ?? false;
  const history = useScreeningHistory(photo.id, screener);
  const ratio = photo.width / photo.height;
  const subtitle = [
    photo.aircraftType?.label,
    photo.airline?.label,
    photo.inFlight ? '空中拍摄' : photo.airport?.label,
    photo.takenOn,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <article className="photo-page" data-testid="photo-page">
      {photo.state !== 'accepted' && (
        <p className="photo-state" data-testid="photo-state">
          这张图片{STATE_NAMES[photo.state]}，只有上传者和审图员可以看到。
        </p>
      )}
      <header className="photo-title">
        <h1 className="photo-heading">
          {registrationText(photo.registration)}
          {photo.featured && (
            <Link to="/search?featured=1" className="badge-featured">
              编辑精选
            </Link>
          )}
          {photo.first && photo.airframeId !== null && (
            <Link
              to={`/airframe/${photo.airframeId}`}
              className="badge-first"
              data-testid="photo-first"
              title="这架飞机在本站的第一张图片"
            >
              首张
            </Link>
          )}
        </h1>
        {subtitle && <p className="muted">{subtitle}</p>}
        <Actions photo={photo} onDialog={setDialog} />
      </header>
      <div
        className="photo-stage photo-open"
        role="button"
        tabIndex={0}
        aria-label="查看大图"
        onClick={viewer.open}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            viewer.open();
          }
        }}
        data-testid="photo-open"
      >
        <PhotoImage
          photo={photo}
          alt={photoAlt(photo)}
          sizes={PHOTO_PAGE_SIZES}
          priority
          className="photo-main"
          // As wide as the page, but never taller than the window under the header and the title.
          style={{ width: `min(100%, calc((100vh - var(--header-h) - 130px) * ${ratio.toFixed(4)}))` }}
          testId="photo-main"
        />
      </div>
      <div className="photo-body">
        <div className="photo-info">
          <PhotoFacts photo={photo} />
          {photo.remark && (
            <p className="photo-remark" data-testid="photo-remark">
              {photo.remark}
            </p>
          )}
        </div>
        <aside className="photo-side">
          <ExifPanel exif={photo.exif} />
          <p className="muted photo-uploaded">
            上传于 {formatDate(photo.createdAt)} · 编号 {photo.id}
          </p>
        </aside>
      </div>
      {viewer.shown && <PhotoViewer photo={photo} alt={photoAlt(photo)} onClose={viewer.close} />}
      <RelatedStrips photo={photo} />
      {screener && history.data && <ScreeningHistory events={history.data} photo={photo} />}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'contact' ? (
            <ContactDialog photo={photo} onClose={() => setDialog(null)} />
          ) : dialog === 'vote' ? (
            <OpenVoteDialog photo={photo} onClose={() => setDialog(null)} />
          ) : dialog === 'potw' ? (
            <PickPotwDialog photo={photo} onClose={() => setDialog(null)} />
          ) : (
            <OwnerDialogs
              which={dialog}
              photo={photo}
              onClose={() => setDialog(null)}
              onDeleted={() => void navigate(session ? `/user/${session.id}` : '/', { replace: true })}
            />
          )}
        </Suspense>
      )}
    </article>
  );
}

/** The tab's name for a photo: registration · type · airline · airport. */
const titleOf = (p: PhotoResponse) =>
  [registrationText(p.registration), p.aircraftType?.label, p.airline?.label, p.inFlight ? null : p.airport?.label]
    .filter(Boolean)
    .join(' · ');

export function Component() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const { data: photo, error, isPending } = usePhoto(valid ? id : 0);
  usePageTitle(photo ? titleOf(photo) : null);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="photo-not-found">
        <h1>图片不存在</h1>
        <p className="muted">这张图片不存在、已被删除，或尚未通过审核。</p>
        <Link to="/search">去图库看看</Link>
      </div>
    );
  }
  if (error) {
    return (
      <div className="center-page panel">
        <h1>图片加载失败</h1>
        <p className="muted">{error.message}</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          重试
        </button>
      </div>
    );
  }
  // The loading box fills the window, so nothing visible moves when the photo arrives (CLS 0).
  if (isPending) return <div className="photo-loading" aria-busy="true" />;
  return <PhotoView key={photo.id} photo={photo} />;
}
