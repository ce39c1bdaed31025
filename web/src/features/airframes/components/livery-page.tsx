import { Link, useParams } from 'react-router';
import { LoadMore, PhotoGrid } from '../../../components/photo-card.js';
import { ApiError } from '../../../lib/api.js';
import { rememberLabel } from '../../../lib/known-labels.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useSearchPhotos } from '../../../lib/search-photos.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import { useLivery } from '../api/get-livery.js';
import { AirframeCard } from './airframe-card.js';
import './airframes.css';

function Photos({ liveryId }: { liveryId: number }) {
  const photos = useSearchPhotos({ livery: String(liveryId) });
  useLoadMoreAtBottom(photos);
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label="照片">
      <h2>照片</h2>
      <PhotoGrid photos={items} testId="livery-photos" />
      <LoadMore {...photos} />
    </section>
  );
}

/** `/livery/{id}`: a paint scheme, the aircraft seen in it and their photos in it. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: livery, error, isPending } = useLivery(valid ? id : 0);
  usePageTitle(livery ? [livery.name, livery.airline?.label].filter(Boolean).join(' · ') : null);
  // A search of this livery (a saved one, say) names it in its filter chip.
  if (livery) rememberLabel('livery', livery.id, livery.name);
  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="livery-not-found">
        <h1>涂装不存在</h1>
        <Link to="/search">去图库看看</Link>
      </div>
    );
  }
  if (error) return <p className="center-page muted">{error.message}</p>;
  if (isPending) return <div className="route-loading">加载中…</div>;
  return (
    <div className="airframe-page" data-testid="livery-page">
      <header className="airframe-head">
        <h1>{livery.name}</h1>
        <p className="muted">
          {livery.airline ? <Link to={`/search?airline=${livery.airline.id}`}>{livery.airline.label}</Link> : '运营者未知'}
          {livery.nameEn && ` · ${livery.nameEn}`} · {livery.airframes.length} 架飞机 · {livery.photoCount} 张照片
        </p>
      </header>
      {livery.airframes.length > 0 && (
        <section aria-label="飞机">
          <h2>涂装过的飞机</h2>
          <div className="airframe-grid" data-testid="livery-airframes">
            {livery.airframes.map((a) => (
              <AirframeCard key={a.id} airframe={a} />
            ))}
          </div>
        </section>
      )}
      <Photos liveryId={livery.id} />
    </div>
  );
}
