/** A link to an Atom feed (the page's photos for a feed reader): an ordinary link, opened by the reader's app. */
export function FeedLink({ path, label = '订阅' }: { path: string; label?: string }) {
  return (
    <a className="feed-link" href={path} type="application/atom+xml" title="用阅读器订阅新图片（Atom）" data-testid="feed-link">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="5" cy="19" r="2.5" fill="currentColor" />
        <path d="M3 10a11 11 0 0 1 11 11M3 3a18 18 0 0 1 18 18" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      {label}
    </a>
  );
}
