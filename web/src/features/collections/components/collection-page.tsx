import { expandCard } from '@contract/cards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadMore, PhotoGrid } from '../../../components/photo-card.js';
import { ApiError } from '../../../lib/api.js';
import { collectionPageQuery } from '../../../lib/collections.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import './collection-page.css';

// Ant Design comes with the owner's edit dialog, when they open it.
const EditCollection = lazy(() => import('./edit-collection.js'));

/** `/collection/{id}` (收藏, issue 39): a member's collection of photos, its feed when public, its owner's tools. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useInfiniteQuery({ ...collectionPageQuery(valid ? id : 0), enabled: valid });
  useLoadMoreAtBottom(query);
  const [editing, setEditing] = useState(false);
  const first = query.data?.pages[0];
  usePageTitle(first ? `${first.collection.name} · ${first.collection.owner.username} 的收藏` : null);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="collection-not-found">
        <h1>收藏夹不存在</h1>
        <p className="muted">它可能已被删除，或者没有公开。</p>
        <Link to="/search">去图库看看</Link>
      </div>
    );
  }
  if (query.error) return <p className="muted">{query.error.message}</p>;
  if (!first) return <div className="route-loading">加载中…</div>;
  const c = first.collection;
  const items = (query.data?.pages ?? []).flatMap((p) => p.items).map(expandCard);
  return (
    <div className="collection-page" data-testid="collection-page">
      <header className="collection-head">
        <h1 data-testid="collection-title">{c.name}</h1>
        <p className="muted">
          <Link to={`/user/${c.owner.id}`}>{c.owner.username}</Link> 的收藏 · {c.photoCount} 张 ·{' '}
          <span data-testid="collection-visibility">{c.public ? '公开' : '不公开，只有你能看到'}</span>
        </p>
        {c.description && <p className="collection-description">{c.description}</p>}
        <p className="collection-tools">
          {c.public && (
            <a href={`/api/v1/feeds/collections/${c.id}`} className="btn" data-testid="collection-feed">
              订阅（Atom）
            </a>
          )}
          {first.own && (
            <button type="button" className="btn" onClick={() => setEditing(true)} data-testid="collection-edit">
              编辑
            </button>
          )}
        </p>
      </header>
      {editing && (
        <Suspense fallback={null}>
          <EditCollection collection={c} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {items.length === 0 ? (
        <p className="muted" data-testid="collection-empty">
          {first.own ? '还没有照片。在照片页点“收藏”，把它加到这里。' : '还没有照片。'}
        </p>
      ) : (
        <PhotoGrid photos={items} testId="collection-photos" />
      )}
      <LoadMore {...query} />
    </div>
  );
}
