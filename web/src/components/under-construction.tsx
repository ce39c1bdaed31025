export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="center-page panel">
      <h1>{title}</h1>
      <p className="muted">建设中：这个页面的功能即将上线。</p>
      <p>
        <a href="/">返回首页</a>
      </p>
    </div>
  );
}
