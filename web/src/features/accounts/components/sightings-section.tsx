import type { FleetCoverage, Sighting, SightingsSummary } from '@contract/sightings';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/photo-card.js';
import { request, requestBlob } from '../../../lib/api.js';
import { sightingKeys } from '../../../lib/query-keys.js';
import { useSightingChanges, useSightings } from '../../../lib/sightings.js';

// Ant Design comes with the member's own form, when they open it.
const SightingForm = lazy(() => import('./sighting-form.js'));

const useSummary = (userId: number) =>
  useQuery({
    queryKey: sightingKeys.summary(userId),
    queryFn: () => request<SightingsSummary>('GET', `/users/${userId}/sightings/summary`, undefined, { quiet: true }),
  });

/** 东航 737-800：见过 34 / 拍过 12 / 共 120, each a link to the airline's fleet. */
function Coverage({ fleets }: { fleets: FleetCoverage[] }) {
  if (fleets.length === 0) return null;
  return (
    <ul className="sighting-fleets" data-testid="sighting-fleets">
      {fleets.map((f) => (
        <li key={`${f.airline.id} ${f.type?.id ?? ''}`}>
          <Link to={`/airline/${f.airline.id}/fleet`}>
            {f.airline.label} {f.type?.label ?? '未知机型'}
          </Link>
          ：见过 <b>{f.seen}</b> / 拍过 <b>{f.photographed}</b> / 共 {f.total}
        </li>
      ))}
    </ul>
  );
}

function Row({ s, own }: { s: Sighting; own: boolean }) {
  const { update, remove } = useSightingChanges();
  return (
    <tr>
      <td>{s.seenOn}</td>
      <td>{s.airframeId !== null ? <Link to={`/airframe/${s.airframeId}`}>{s.registration}</Link> : s.registration}</td>
      <td>{[s.airline?.label, s.type?.label].filter(Boolean).join(' ') || <span className="muted">—</span>}</td>
      <td>{s.airport?.label ?? <span className="muted">—</span>}</td>
      {own && (
        <>
          <td className="sighting-note">{s.note}</td>
          <td>
            <label className="sighting-public">
              <input
                type="checkbox"
                checked={s.public}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ id: s.id, public: e.target.checked })}
              />
              公开
            </label>
          </td>
          <td>
            <button type="button" className="btn-text" disabled={remove.isPending} onClick={() => remove.mutate(s.id)}>
              删除
            </button>
          </td>
        </>
      )}
    </tr>
  );
}

async function downloadCsv() {
  const url = URL.createObjectURL(await requestBlob('/user/me/sightings.csv'));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'sightings.csv' });
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * 我的目击 on a member's page: what they have seen, per fleet and one by one. Others see the public
 * sightings (without notes); the member sees all of them, logs more, pastes a list and exports CSV.
 */
export default function SightingsSection({ userId, own }: { userId: number; own: boolean }) {
  const summary = useSummary(userId);
  const list = useSightings(userId);
  const [adding, setAdding] = useState(false);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const s = summary.data;
  if (!own && (!s || s.total === 0)) return null;
  return (
    <section id="sightings" className="user-sightings" data-testid="user-sightings">
      <div className="section-head">
        <h2>
          目击 <small className="muted">{own ? '未公开的记录只有你能看到' : '公开的记录'}</small>
        </h2>
        {own && (
          <span className="sighting-tools">
            <button
              type="button"
              className="btn"
              onClick={() => setAdding(!adding)}
              aria-expanded={adding}
              data-testid="sighting-add"
            >
              记录目击
            </button>
            <button type="button" className="btn" onClick={() => void downloadCsv()} disabled={!s?.total}>
              导出 CSV
            </button>
          </span>
        )}
      </div>
      {own && adding && (
        <Suspense fallback={<div className="panel muted">加载中…</div>}>
          <SightingForm />
        </Suspense>
      )}
      {s && s.total > 0 && (
        <p className="muted" data-testid="sighting-counts">
          记录 {s.total} 次 · {s.aircraft} 架飞机{s.unmatched > 0 && ` · ${s.unmatched} 个注册号未对应到飞机`}
          {s.byAirline.length > 0 &&
            ` · ${s.byAirline
              .slice(0, 5)
              .map((a) => `${a.ref?.label ?? '未知航司'} ${a.count}`)
              .join('、')}`}
        </p>
      )}
      {s && <Coverage fleets={s.fleets} />}
      {items.length > 0 ? (
        <div className="sighting-table-wrap">
          <table className="sighting-table" data-testid="sighting-list">
            <thead>
              <tr>
                <th>日期</th>
                <th>注册号</th>
                <th>航司 机型</th>
                <th>机场</th>
                {own && (
                  <>
                    <th>备注</th>
                    <th>公开</th>
                    <th />
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <Row key={i.id} s={i} own={own} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        own && list.isSuccess && <p className="muted">还没有目击记录。在飞机或照片页点“+ 见过”，或在这里记录、粘贴列表。</p>
      )}
      <LoadMore {...list} />
    </section>
  );
}
