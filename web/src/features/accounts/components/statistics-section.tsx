import { expandCard } from '@contract/cards';
import { PhotoGrid } from '../../../components/photo-card.js';
import { useUserStatistics } from '../api/get-user-statistics.js';

const monthDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8))}日`;

/**
 * A photographer's views per week (the last twelve, Monday to Sunday at the site) as bars, and their most
 * viewed photos. Read after the page: the figures change every few minutes, the page's HTML does not.
 */
export default function StatisticsSection({ userId }: { userId: number }) {
  const { data } = useUserStatistics(userId);
  if (!data) return null;
  const most = Math.max(1, ...data.weeks.map((w) => w.views));
  const total = data.weeks.reduce((sum, w) => sum + w.views, 0);
  return (
    <section className="user-statistics" data-testid="user-statistics">
      <div className="section-head">
        <h2>近 12 周浏览</h2>
        <span className="muted">共 {total.toLocaleString('zh-CN')} 次</span>
      </div>
      <ol className="week-bars" data-testid="week-bars">
        {data.weeks.map((w, i) => (
          <li key={w.start} title={`${monthDay(w.start)}起一周：${w.views.toLocaleString('zh-CN')} 次`}>
            <span className="week-views">{w.views > 0 ? w.views.toLocaleString('zh-CN') : ''}</span>
            <span className="week-bar" style={{ height: `${Math.round((w.views / most) * 100)}%` }} />
            <span className="week-label">{i % 3 === 0 || i === data.weeks.length - 1 ? monthDay(w.start) : ''}</span>
            <span className="sr-only">
              {monthDay(w.start)}起一周 {w.views} 次
            </span>
          </li>
        ))}
      </ol>
      {data.top.length > 0 && (
        <>
          <h3>浏览最多</h3>
          <PhotoGrid photos={data.top.map(expandCard)} testId="user-top-photos" />
        </>
      )}
    </section>
  );
}
