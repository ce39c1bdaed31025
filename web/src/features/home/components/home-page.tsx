import type { CardPhoto } from '@contract/cards';
import type { PotwEntry } from '@contract/potw';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { LoadMore, PhotoCard, PhotoGrid } from '../../../components/photo-card.js';
import { fallbackSrc, photoAlt, registrationText, srcSetOf, useThumbHashBackground } from '../../../components/photo-image.js';
import { usePotwCurrent } from '../../../lib/potw.js';
import { useSearchPhotos } from '../../../lib/search-photos.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import { useSession } from '../../../lib/use-session.js';
import { useSiteStats } from '../api/get-site-stats.js';
import { useTrending } from '../api/get-trending.js';
import { NotamNotice } from './notam-notice.js';
import { FEATURED, FEATURED_LIMIT, HERO_SIZES, heroKey, heroOf, LATEST } from '../lib/prefetch-home.js';
import './home-page.css';

/** The hero's photo: a cover image over a box whose shape CSS fixes, so its arrival moves nothing. */
function HeroImage({ photo }: { photo: CardPhoto }) {
  const placeholder = useThumbHashBackground(photo.thumbhash);
  return (
    <img
      className="home-hero-img"
      src={fallbackSrc(photo, 1280)}
      srcSet={srcSetOf(photo)}
      sizes={HERO_SIZES}
      alt={photoAlt(photo)}
      fetchPriority="high"
      decoding="sync"
      style={{ backgroundImage: placeholder }}
      data-testid="hero-image"
    />
  );
}

/**
 * The line under the title: this week's photo with its curator's comment, else the site's motto. Its box
 * keeps one height either way (CSS), so the comment arriving moves nothing below it.
 */
function Lede({ potw }: { potw: PotwEntry | null }) {
  if (!potw) return <p className="home-hero-lede">记录每一道航迹：飞友的航空摄影图片社区。</p>;
  return (
    <p className="home-hero-lede" data-testid="potw-lede">
      <Link className="home-hero-kicker" to="/potw">
        本周图片
      </Link>
      <span title={potw.comment}>
        “{potw.comment}” —— {potw.pickedBy.username}
      </span>
    </p>
  );
}

function Hero({ photo, potw, signedIn }: { photo: CardPhoto | null; potw: PotwEntry | null; signedIn: boolean }) {
  return (
    <section className="home-hero" data-testid="hero">
      <div className="home-hero-frame">{photo && <HeroImage photo={photo} />}</div>
      <div className="home-hero-text">
        <h1>航迹 Contrail</h1>
        <Lede potw={potw} />
        <p className="home-hero-actions">
          <Link className="btn btn-primary" to="/search">
            浏览图库
          </Link>
          {signedIn ? (
            <Link className="btn" to="/upload">
              上传图片
            </Link>
          ) : (
            <Link className="btn" to="/register">
              加入社区
            </Link>
          )}
        </p>
      </div>
      {photo && (
        <Link className="home-hero-credit" to={`/photo/${photo.id}`} data-testid="hero-credit">
          {[registrationText(photo.registration), photo.aircraftType?.label, photo.airline?.label].filter(Boolean).join(' · ')}
          <span> · 摄影：{photo.uploader.username}</span>
        </Link>
      )}
    </section>
  );
}

function Stats() {
  const { data } = useSiteStats();
  const rows: [string, number | undefined][] = [
    ['图片', data?.acceptedPhotos],
    ['摄影师', data?.photographers],
    ['待审图片', data?.waitingPhotos],
    ['覆盖机场', data?.airports],
  ];
  return (
    <section className="stats" aria-label="站点统计" data-testid="site-stats">
      {rows.map(([name, value]) => (
        <div className="stat" key={name}>
          <b>{value === undefined ? '—' : value.toLocaleString('zh-CN')}</b>
          <span className="muted">{name}</span>
        </div>
      ))}
    </section>
  );
}

/** 今日热门 (issue 39): the day's most viewed photos; nothing while nobody has looked at any yet. */
function Trending() {
  const { data } = useTrending();
  if (!data || data.length === 0) return null;
  return (
    <section className="home-section">
      <div className="section-head">
        <h2>今日热门</h2>
        <Link to="/rankings">月度排行</Link>
      </div>
      <div className="photo-strip" data-testid="trending-strip">
        {data.map((p) => (
          <PhotoCard key={p.id} photo={p} sizes="260px" />
        ))}
      </div>
    </section>
  );
}

export function Component() {
  const session = useSession();
  const named = useQueryClient().getQueryData<number>(heroKey);
  const featured = useSearchPhotos(FEATURED, FEATURED_LIMIT);
  const potw = usePotwCurrent();
  const latest = useSearchPhotos(LATEST);
  useLoadMoreAtBottom(latest);
  const featuredItems = useMemo(() => featured.data?.pages[0]?.items ?? [], [featured.data]);
  const latestItems = useMemo(() => latest.data?.pages.flatMap((p) => p.items) ?? [], [latest.data]);
  // This week's photo heads the page (issue 23); else a recent editor's choice, else the latest photo (§3.1).
  const potwEntry = potw.data?.entry ?? null;
  const heroPhoto =
    potw.isPending || featured.isPending
      ? null
      : (potwEntry?.photo ?? heroOf(featuredItems, named) ?? (latest.isPending ? null : (latestItems[0] ?? null)));
  // The hero is drawn first (its image requested at once); the cards, each decoding a ThumbHash, follow.
  const strip = useDeferredValue(useMemo(() => featuredItems.slice(0, 10), [featuredItems]));
  const grid = useDeferredValue(latestItems);

  return (
    <>
      <Hero photo={heroPhoto} potw={potwEntry} signedIn={session !== null} />
      <Stats />
      <section className="home-section">
        <div className="section-head">
          <h2>编辑精选</h2>
          <Link to="/search?featured=1">查看全部</Link>
        </div>
        <div className="photo-strip home-featured" data-testid="featured-strip">
          {strip.map((p) => (
            <PhotoCard key={p.id} photo={p} sizes="260px" />
          ))}
          {!featured.isPending && featuredItems.length === 0 && (
            <p className="muted strip-empty">还没有编辑精选。审图员投票选出的佳作会出现在这里。</p>
          )}
        </div>
      </section>
      <Trending />
      <section className="home-section home-latest">
        <div className="section-head">
          <h2>最新图片</h2>
          <Link to="/search">进入图库</Link>
        </div>
        {latest.isSuccess && latestItems.length === 0 ? (
          <p className="muted">还没有通过审核的图片。</p>
        ) : (
          <PhotoGrid photos={grid} testId="latest-grid" />
        )}
        {latest.isError && <p className="muted">图片加载失败，请刷新重试。</p>}
        <LoadMore {...latest} />
      </section>
      <NotamNotice />
    </>
  );
}
