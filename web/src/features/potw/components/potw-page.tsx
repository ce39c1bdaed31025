import { weekLabel } from '@contract/catalogues';
import type { PotwEntry } from '@contract/potw';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/photo-card.js';
import { photoAlt, PhotoImage, registrationText } from '../../../components/photo-image.js';
import { usePotwArchive, usePotwUpcoming, useRemovePotw } from '../../../lib/potw.js';
import { useLoadMoreAtBottom } from '../../../lib/use-load-more.js';
import './potw-page.css';

const SIZES = '(max-width: 735px) calc(100vw - 32px), 560px';

function factsOf(p: PotwEntry['photo']): string {
  const place = p.inFlight ? '空中拍摄' : p.airport?.label;
  return [registrationText(p.registration), p.aircraftType?.label, p.airline?.label, place].filter(Boolean).join(' · ');
}

/** One week: the photo large, the curator's comment beside it (under it on a phone). */
function Week({ entry, tools }: { entry: PotwEntry; tools?: React.ReactNode }) {
  const p = entry.photo;
  return (
    <li className="potw-week" data-testid="potw-week" data-week={entry.week}>
      <Link className="potw-photo" to={`/photo/${p.id}`} aria-label={`查看图片 ${photoAlt(p)}`}>
        <PhotoImage photo={p} alt={photoAlt(p)} sizes={SIZES} />
      </Link>
      <div className="potw-text">
        <h2>{weekLabel(entry.week)}</h2>
        <blockquote className="potw-comment">{entry.comment}</blockquote>
        <p className="muted">推荐：{entry.pickedBy.username}</p>
        <p className="potw-facts">
          <Link to={`/photo/${p.id}`}>{factsOf(p)}</Link>
        </p>
        <p className="muted">
          摄影：<Link to={`/user/${p.uploader.id}`}>{p.uploader.username}</Link>
        </p>
        {tools}
      </div>
    </li>
  );
}

/** Senior screeners: the weeks already picked ahead, each with 撤销. Picking happens on a photo's page. */
function Upcoming() {
  const upcoming = usePotwUpcoming(true);
  const remove = useRemovePotw();
  const items = upcoming.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="potw-upcoming" aria-labelledby="potw-upcoming-title" data-testid="potw-upcoming">
      <h2 id="potw-upcoming-title">已安排的周</h2>
      <ol className="potw-list">
        {items.map((e) => (
          <Week
            key={e.week}
            entry={e}
            tools={
              <button type="button" className="btn btn-small" disabled={remove.isPending} onClick={() => remove.mutate(e.week)}>
                撤销
              </button>
            }
          />
        ))}
      </ol>
    </section>
  );
}

/** `/potw`: every photo of the week, newest week first. */
export function Component() {
  const archive = usePotwArchive();
  const senior = archive.data?.pages[0]?.can.pick ?? false;
  useLoadMoreAtBottom(archive);
  const items = archive.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="potw-page">
      <h1>每周图片</h1>
      <p className="muted potw-intro">
        每周一张：资深审图员从通过审核的图片中选出，附上推荐语，整周展示在首页最上方。
        {senior && ' 在图片页点“选为每周图片”即可安排本周或以后几周。'}
      </p>
      {senior && <Upcoming />}
      {archive.isSuccess && items.length === 0 ? (
        <p className="muted" data-testid="potw-empty">
          还没有每周图片。
        </p>
      ) : (
        <ol className="potw-list" data-testid="potw-list">
          {items.map((e) => (
            <Week key={e.week} entry={e} />
          ))}
        </ol>
      )}
      {archive.isError && <p className="muted">加载失败，请刷新重试。</p>}
      <LoadMore {...archive} />
    </div>
  );
}
