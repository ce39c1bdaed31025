import { FOLLOW_KIND_NAMES, FOLLOW_MAIL, FOLLOW_MAIL_NAMES, type Follow, type FollowMail } from '@contract/follows';
import { Link } from 'react-router';
import { FeedLink } from '../../../components/feed-link.js';
import { LoadMore, PhotoGrid } from '../../../components/photo-card.js';
import { useFollowChanges, useMyFollows } from '../../../lib/follows.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import { useSession } from '../../../lib/use-session.js';
import { useFollowing } from '../api/get-following.js';
import './following-page.css';

function FollowRow({ follow }: { follow: Follow }) {
  const { update, unfollow } = useFollowChanges();
  const busy = update.isPending || unfollow.isPending;
  return (
    <li className={`follow-row${follow.muted ? ' is-muted' : ''}`} data-testid="follow-row">
      <span className="follow-kind">{FOLLOW_KIND_NAMES[follow.kind]}</span>
      <Link className="follow-label" to={follow.href}>
        {follow.label}
      </Link>
      <span className="follow-tools">
        <FeedLink path={follow.feed} />
        <select
          aria-label={`${follow.label} 的邮件方式`}
          value={follow.mail}
          disabled={busy}
          onChange={(e) => update.mutate({ id: follow.id, mail: e.target.value as FollowMail })}
          data-testid="follow-mail"
        >
          {FOLLOW_MAIL.map((m) => (
            <option key={m} value={m}>
              {FOLLOW_MAIL_NAMES[m]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-pressed={follow.muted}
          onClick={() => update.mutate({ id: follow.id, muted: !follow.muted })}
          data-testid="follow-mute"
        >
          {follow.muted ? '取消静音' : '静音'}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => unfollow.mutate(follow.id)}
          data-testid="follow-remove"
        >
          取消关注
        </button>
      </span>
    </li>
  );
}

function Photos({ userId }: { userId: number }) {
  const photos = useFollowing(userId);
  useLoadMoreAtBottom(photos);
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="following-photos" aria-labelledby="following-photos-title">
      <h2 id="following-photos-title">最新照片</h2>
      {photos.isSuccess && items.length === 0 ? (
        <p className="muted" data-testid="following-empty">
          关注的对象还没有通过审核的照片。
        </p>
      ) : (
        <PhotoGrid photos={items} testId="following-photos" />
      )}
      <LoadMore {...photos} />
    </section>
  );
}

/** `/following`: the newest photos of everything followed, and the follows with their mail and mute. */
export function Component() {
  const session = useSession();
  const follows = useMyFollows(session?.id ?? null);
  if (!session) return null;
  const items = follows.data?.items ?? [];
  const limit = follows.data?.limit ?? 0;
  return (
    <div className="following-page">
      <h1>关注</h1>
      <section className="follow-list" aria-labelledby="follow-list-title">
        <div className="section-head">
          <h2 id="follow-list-title">我的关注</h2>
          {follows.isSuccess && (
            <span className="muted" data-testid="follow-count">
              {items.length} / {limit} 项
            </span>
          )}
        </div>
        {follows.isSuccess && items.length === 0 ? (
          <p className="muted" data-testid="follow-none">
            还没有关注任何内容。在照片页的注册号、机型、航司、机场和摄影师旁，或在搜索结果上方点“+ 关注”，
            有新照片通过审核时会通知你。
          </p>
        ) : (
          <ul data-testid="follow-list">
            {items.map((f) => (
              <FollowRow key={f.id} follow={f} />
            ))}
          </ul>
        )}
        <p className="muted follow-help">
          每项关注可选择邮件方式：每张邮件、每日摘要或不发邮件；无论哪种，新照片都会出现在站内通知和下方列表中。静音的关注既不通知也不列出。
        </p>
      </section>
      <Photos userId={session.id} />
    </div>
  );
}
