import { expandCard } from '@contract/cards';
import { STATISTICS_LIMITS, type RankedMember } from '@contract/statistics';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PhotoCard } from '../../../components/photo-card.js';
import { ApiError } from '../../../lib/api.js';
import { addMonths, siteMonth } from '../../../lib/local-time.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { useRankings } from '../api/get-rankings.js';
import './rankings-page.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthName = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;

function Members({
  title,
  rows,
  unit,
  empty,
  testId,
}: {
  title: string;
  rows: RankedMember[];
  unit: string;
  empty: string;
  testId: string;
}) {
  return (
    <section className="ranking-members" data-testid={testId}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol>
          {rows.map((r, i) => (
            <li key={r.user.id}>
              <span className="ranking-place">{i + 1}</span>
              <Link to={`/user/${r.user.id}`}>{r.user.username}</Link>
              <span className="muted">
                {r.count.toLocaleString('zh-CN')} {unit}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * `/rankings` and `/rankings/{YYYY-MM}` (issue 39, item 6): a month's most liked photos (likes given in the
 * month), the photographers liked most, and those with the most 首张. The present month by default.
 */
export function Component() {
  // The month the page opened in: a page left open over midnight keeps its links.
  const [today] = useState(() => siteMonth(Date.now()));
  const asked = useParams().month;
  const month = asked ?? today;
  const valid = MONTH.test(month) && month >= STATISTICS_LIMITS.firstMonth && month <= today;
  const { data, error } = useRankings(valid ? month : today);
  usePageTitle(valid ? `${monthName(month)}排行` : null);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="rankings-not-found">
        <h1>这个月份还没有排行</h1>
        <Link to="/rankings">看本月排行</Link>
      </div>
    );
  }
  return (
    <div className="rankings-page" data-testid="rankings-page">
      <header className="rankings-head">
        <h1>{monthName(month)}排行</h1>
        <nav className="rankings-months" aria-label="月份">
          {month > STATISTICS_LIMITS.firstMonth && (
            <Link className="btn" to={`/rankings/${addMonths(month, -1)}`} data-testid="rankings-previous">
              ← {monthName(addMonths(month, -1))}
            </Link>
          )}
          {month < today && (
            <Link className="btn" to={`/rankings/${addMonths(month, 1)}`} data-testid="rankings-next">
              {monthName(addMonths(month, 1))} →
            </Link>
          )}
        </nav>
      </header>
      {error && <p className="muted">{error.message}</p>}
      {!data && !error && <div className="route-loading">加载中…</div>}
      {data && (
        <>
          <section className="ranking-photos" data-testid="ranking-photos">
            <h2>最受喜爱的照片</h2>
            {data.photos.length === 0 ? (
              <p className="muted">这个月还没有人点赞。</p>
            ) : (
              <ol>
                {data.photos.map(({ photo, likes }, i) => (
                  <li key={photo.id}>
                    <span className="ranking-place">{i + 1}</span>
                    <PhotoCard photo={expandCard(photo)} />
                    <span className="ranking-likes">{likes.toLocaleString('zh-CN')} 个赞</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <div className="ranking-columns">
            <Members title="获赞最多的摄影师" rows={data.liked} unit="个赞" empty="这个月还没有人点赞。" testId="ranking-liked" />
            <Members
              title="首张最多的摄影师"
              rows={data.firsts}
              unit="张首张"
              empty="这个月还没有首张。"
              testId="ranking-firsts"
            />
          </div>
          <p className="muted rankings-note">
            赞按点赞的日子计入当月；首张是一架飞机在本站第一张通过审核的照片，按通过的日子计入。每十分钟更新。
          </p>
        </>
      )}
    </div>
  );
}
