/** The page's place while its chunk and guard load on the first visit; the header is already there. */
export function PageLoading() {
  return (
    <div className="route-loading" role="status" data-testid="page-loading">
      加载中…
    </div>
  );
}
