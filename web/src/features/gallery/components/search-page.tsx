import { searchFollowTarget } from '@contract/follow-rules';
import { CATEGORIES, feedPathOf, GALLERY_SORTS, type GallerySort } from '@contract/catalogues';
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FeedLink } from '../../../components/feed-link.js';
import { FollowButton } from '../../../components/follow-button.js';
import { LoadMore, PhotoGrid } from '../../../components/photo-card.js';
import { useHydrated } from '../../../components/photo-image.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useSearchPhotos } from '../../../lib/search-photos.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import { labelOf, rememberResults, useUnnamedLabels, type LabelKind } from '../../../lib/known-labels.js';
import { activeFilters, apiParamsOf, SORT_NAMES, withParams, type SearchKey } from '../lib/search-params.js';
import './gallery.css';

// The filters come with the reference selectors (and the contract's labels) when first opened.
const FiltersPanel = lazy(() => import('./filters-panel.js'));

const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.zh]));

/** A filter as the chip above the results says it. */
function chipText(key: string, value: string): string {
  switch (key) {
    case 'reg':
      return `注册号：${value}`;
    case 'type':
    case 'airline':
    case 'airport':
    case 'user':
      return `${{ type: '机型', airline: '航司', airport: '机场', user: '摄影师' }[key]}：${labelOf(key as LabelKind, value)}`;
    case 'airframe':
      return `机身：${labelOf('airframe', value)}`;
    case 'livery':
      return `涂装：${labelOf('livery', value)}`;
    case 'cat':
      return `分类：${categoryName.get(value) ?? value}`;
    case 'from':
      return `拍摄于 ${value} 起`;
    case 'to':
      return `拍摄于 ${value} 止`;
    default:
      return '只看编辑精选';
  }
}

/** The next page's own address: this search from the cursor the last page ended at. */
const nextHrefOf = (params: Record<string, string>, cursor: string | null | undefined) =>
  cursor ? `/search?${new URLSearchParams({ ...params, cursor })}` : null;

function totalText(total: number, capped: boolean): string {
  return capped ? `${total.toLocaleString('zh-CN')}+` : total.toLocaleString('zh-CN');
}

export function Component() {
  const [url, setUrl] = useSearchParams();
  const params = apiParamsOf(url);
  // A page opened by the next-page link starts where the last one ended.
  const start = url.get('cursor')?.slice(0, 200) || null;
  const results = useSearchPhotos(params, undefined, start);
  useLoadMoreAtBottom(results);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  rememberResults(params, items);
  useUnnamedLabels(params, results.isSuccess || results.isError);
  const first = results.data?.pages[0];
  const filters = activeFilters(params);
  // Open at first when the URL holds filters the panel shows, on a wide window; a phone sees the chips.
  // (Once the app runs: the server's HTML has it closed, and hydration must meet the same.)
  const [opensPanel] = useState(() => filters.some((k) => k !== 'featured' && k !== 'user'));
  const hydrated = useHydrated();
  const [chosen, setPanelOpen] = useState<boolean | null>(null);
  const panelOpen = chosen ?? (hydrated && opensPanel && window.matchMedia('(min-width: 736px)').matches);
  usePageTitle(params.q ? `“${params.q}” · 图库` : null);
  // Six hex digits may be an aircraft's Mode S address (780a1b): its aircraft have a page of their own.
  const modeS = /^(0x)?[0-9a-f]{6}$/i.test(params.q?.trim() ?? '') ? params.q!.trim().slice(-6).toLowerCase() : null;

  const change = (changes: Partial<Record<SearchKey, string | null>>) => setUrl(withParams(url, changes));
  const onSearch = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get('q');
    change({ q: typeof q === 'string' ? q : null });
  };

  return (
    <div className="search-page" data-testid="search-page">
      <h1 className="visually-hidden">图库</h1>
      <form className="search-bar" role="search" onSubmit={onSearch}>
        <input
          // A new URL (back, forward, a header search) puts its own text in the box.
          key={params.q ?? ''}
          type="search"
          name="q"
          defaultValue={params.q ?? ''}
          placeholder="注册号、MSN、机型、航司、机场代码或名称、摄影师"
          aria-label="搜索词"
          data-testid="search-q"
        />
        <button type="submit" className="btn btn-primary">
          搜索
        </button>
        <button
          type="button"
          className="btn"
          aria-expanded={panelOpen}
          aria-controls="search-filters"
          onClick={() => setPanelOpen(!panelOpen)}
          data-testid="toggle-filters"
        >
          筛选{filters.length > 0 ? `（${filters.length}）` : ''}
        </button>
        <label className="sort-select">
          <span className="visually-hidden">排序</span>
          <select
            value={params.sort ?? 'accepted'}
            onChange={(e) => change({ sort: e.target.value === 'accepted' ? null : e.target.value })}
            data-testid="search-sort"
          >
            {GALLERY_SORTS.map((s: GallerySort) => (
              <option key={s} value={s}>
                {SORT_NAMES[s]}
              </option>
            ))}
          </select>
        </label>
      </form>

      {panelOpen && (
        <Suspense fallback={<div className="search-filters search-filters-loading" />}>
          <FiltersPanel params={params} change={change} />
        </Suspense>
      )}
      {filters.length > 0 && (
        <div className="search-chips" aria-label="当前筛选">
          {filters.map((key) => (
            <span className="chip" key={key}>
              {chipText(key, params[key]!)}
              <button
                type="button"
                className="chip-x"
                aria-label={`移除 ${chipText(key, params[key]!)}`}
                onClick={() => change({ [key]: null })}
              >
                ×
              </button>
            </span>
          ))}
          <Link to="/search" className="chip-clear" data-testid="clear-filters-top">
            清除筛选
          </Link>
        </div>
      )}

      {modeS && (
        <p className="search-hint" data-testid="search-mode-s">
          <Link to={`/hex/${modeS}`}>“{modeS.toUpperCase()}”是 Mode S 代码？查看记录了这个代码的飞机</Link>
        </p>
      )}
      <div className="search-summary-row">
        <p className="search-summary muted" aria-live="polite" data-testid="search-total">
          {first
            ? `共 ${totalText(first.total, first.totalCapped)} 张图片${params.q ? `，搜索“${params.q}”` : ''}`
            : results.isError
              ? ''
              : '正在搜索…'}
        </p>
        {/* A search with filters can be followed: its new photos reach the member's inbox. */}
        {searchFollowTarget(url.toString()) !== '' && !results.isError && <FollowButton kind="search" target={url.toString()} />}
        {!results.isError && <FeedLink path={feedPathOf(params)} />}
      </div>

      {results.isError ? (
        <div className="empty-state" data-testid="search-error">
          <p>搜索条件有误，请调整后再试。</p>
          <Link to="/search" data-testid="clear-filters">
            清除筛选
          </Link>
        </div>
      ) : results.isSuccess && items.length === 0 ? (
        <div className="empty-state" data-testid="search-empty">
          <p>没有找到符合条件的图片。</p>
          <p className="muted">试试更短的关键词，或减少筛选条件。</p>
          <Link to="/search" data-testid="clear-filters">
            清除筛选，查看全部图片
          </Link>
        </div>
      ) : (
        <PhotoGrid photos={items} testId="search-results" priorityCount={1} />
      )}
      <LoadMore {...results} nextHref={nextHrefOf(params, results.data?.pages.at(-1)?.nextCursor)} />
    </div>
  );
}
