import type { CardPhoto } from '@contract/cards';
import { CARD_SIZES } from '@contract/catalogues';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { photoAlt, PhotoImage, registrationText } from './photo-image.js';
import './photo-card.css';

// The card's frame is 3:2; a photo of another shape sits inside it whole, at its own aspect ratio.
const FRAME_RATIO = 3 / 2;

/**
 * One photo in a gallery: image, registration, type, airline, airport, photographer, 编辑精选.
 * `priority`: the page's LCP candidate (the first cards of a results page), fetched first.
 */
export function PhotoCard({
  photo,
  sizes = CARD_SIZES,
  priority,
  deferred,
  onImageSettled,
}: {
  photo: CardPhoto;
  sizes?: string;
  priority?: boolean;
  /** The image waits (see PhotoGrid). */
  deferred?: boolean;
  onImageSettled?: () => void;
}) {
  const wide = photo.width / photo.height >= FRAME_RATIO;
  const place = photo.inFlight ? '空中拍摄' : photo.airport?.label;
  return (
    <article className="photo-card" data-testid="photo-card" data-photo-id={photo.id}>
      <Link to={`/photo/${photo.id}`} className="photo-card-frame" aria-label={`查看图片 ${photoAlt(photo)}`}>
        <PhotoImage
          photo={photo}
          alt={photoAlt(photo)}
          sizes={sizes}
          priority={priority}
          deferred={deferred}
          onSettled={onImageSettled}
          className={wide ? 'fit-width' : 'fit-height'}
        />
        {(photo.featured || photo.first) && (
          <span className="photo-card-badges">
            {photo.featured && <span className="badge-featured">编辑精选</span>}
            {photo.first && (
              <span className="badge-first" data-testid="badge-first" title="这架飞机在本站的第一张图片">
                首张
              </span>
            )}
          </span>
        )}
      </Link>
      <div className="photo-card-body">
        <div className="photo-card-title">
          <Link to={`/photo/${photo.id}`} className="photo-card-reg">
            {registrationText(photo.registration)}
          </Link>
          {photo.aircraftType && <span className="photo-card-type">{photo.aircraftType.label}</span>}
        </div>
        {photo.airline && <div className="photo-card-line">{photo.airline.label}</div>}
        {place && <div className="photo-card-line">{place}</div>}
        <div className="photo-card-line muted">摄影：{photo.uploader.username}</div>
      </div>
    </article>
  );
}

/** How long the other cards wait for the first ones at most (a slow or failing image holds none of them longer). */
const FIRST_IMAGES_WAIT_MS = 3_000;

/**
 * Cards in responsive columns. The first `priorityCount` (a page whose LCP they are) are fetched
 * first, and the others' images wait until those have arrived: on a phone's network six images at once
 * would share the bandwidth, and the first would arrive last with them.
 */
export function PhotoGrid({
  photos,
  testId,
  priorityCount = 0,
}: {
  photos: CardPhoto[];
  testId?: string;
  priorityCount?: number;
}) {
  const firstImages = photos.slice(0, priorityCount).filter((p) => p.renditions.length > 0).length;
  const [settled, setSettled] = useState(0);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), FIRST_IMAGES_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // `settled` only grows: once the first images are in, the next pages and other searches need not wait.
  const open = waited || (photos.length > 0 && settled >= firstImages);
  const onFirstSettled = useCallback(() => setSettled((n) => n + 1), []);
  return (
    <div className="photo-grid" data-testid={testId}>
      {photos.map((p, i) => (
        <PhotoCard
          key={p.id}
          photo={p}
          priority={i < priorityCount}
          deferred={i >= priorityCount && !open}
          onImageSettled={i < priorityCount ? onFirstSettled : undefined}
        />
      ))}
    </div>
  );
}

/** The end of an endless list: loading, a button for those who do not scroll, or the end. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  nextHref,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The next page as an address of its own: a link that works without script (and for crawlers). */
  nextHref?: string | null;
}) {
  if (isFetchingNextPage) {
    return (
      <p className="load-more muted" role="status" data-testid="loading-more">
        正在加载更多…
      </p>
    );
  }
  if (!hasNextPage) return null;
  return (
    <p className="load-more">
      {nextHref ? (
        <a
          className="btn"
          href={nextHref}
          rel="next"
          onClick={(e) => {
            // With script the next photos join this page, as scrolling brings them.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            void fetchNextPage();
          }}
          data-testid="next-page"
        >
          加载更多
        </a>
      ) : (
        <button type="button" className="btn" onClick={() => void fetchNextPage()}>
          加载更多
        </button>
      )}
    </p>
  );
}
