import type { FleetAirframe, FleetResponse } from '@contract/fleets';
import { shownModeS } from '@contract/mode-s';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { searchLink } from '../../../lib/search-link.js';
import { useFleet, type FleetBy } from '../api/get-fleet.js';
import './airframes.css';

/** `/airline/{id}/fleet` and `/type/{id}/fleet` (issue 39): the aircraft, what the gallery has of each, and the coverage. */
export function Component() {
  const params = useParams();
  const by: FleetBy = params.airline !== undefined ? 'airline' : 'type';
  const id = Number(params.airline ?? params.type);
  const valid = Number.isInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const missing = search.get('missing') === '1';
  const { data, error, isPending } = useFleet(by, valid ? id : 0, missing);
  usePageTitle(data ? `${data.subject.label} 机队` : '机队');

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="fleet-not-found">
        <h1>{by === 'airline' ? '航空公司不存在' : '机型不存在'}</h1>
        <Link to="/search">去图库看看</Link>
      </div>
    );
  }
  if (error) return <p className="muted">{error.message}</p>;
  if (isPending) return <div className="route-loading">加载中…</div>;
  const toggle = () => setSearch(missing ? {} : { missing: '1' }, { replace: true });
  return (
    <div className="airframe-page fleet-page" data-testid="fleet-page">
      <header className="airframe-head">
        <h1>{data.subject.label} 机队</h1>
        <Coverage fleet={data} />
        <p className="fleet-tools">
          <label>
            <input type="checkbox" checked={missing} onChange={toggle} data-testid="fleet-missing" /> 还没有照片
          </label>
          <Link to={searchLink(by === 'airline' ? { airline: data.subject.id } : { type: data.subject.id })}>
            {by === 'airline' ? '这家航司' : '这个机型'}的全部照片
          </Link>
        </p>
      </header>
      {data.groups.length === 0 ? (
        <p className="muted" data-testid="fleet-empty">
          {missing ? '每架飞机都有照片了。' : '图库中还没有这个机队的飞机。'}
        </p>
      ) : (
        data.groups.map((g) => (
          <section key={g.group?.id ?? 0} className="fleet-group" data-testid="fleet-group">
            <h2>
              {g.group?.label ?? (by === 'airline' ? '机型未知' : '运营者未知')}
              <span className="muted"> {g.airframes.length} 架</span>
            </h2>
            <FleetTable airframes={g.airframes} />
          </section>
        ))
      )}
      {data.truncated && (
        <p className="muted">机队较大，只列出前 {data.groups.reduce((n, g) => n + g.airframes.length, 0)} 架。</p>
      )}
    </div>
  );
}

function Coverage({ fleet }: { fleet: FleetResponse }) {
  const share = fleet.total > 0 ? fleet.photographed / fleet.total : 0;
  return (
    <div className="fleet-coverage" data-testid="fleet-coverage">
      <b>
        已拍 {fleet.photographed.toLocaleString('zh-CN')} / {fleet.total.toLocaleString('zh-CN')}
      </b>
      <span className="fleet-bar" role="img" aria-label={`已拍 ${Math.round(share * 100)}%`}>
        <span style={{ width: `${share * 100}%` }} />
      </span>
    </div>
  );
}

function FleetTable({ airframes }: { airframes: FleetAirframe[] }) {
  return (
    <div className="fleet-scroll" tabIndex={0} role="region" aria-label="飞机列表">
      <table className="fleet-table">
        <thead>
          <tr>
            <th>注册号</th>
            <th>MSN</th>
            <th>Mode S</th>
            <th>首次拍摄</th>
            <th>最近拍摄</th>
            <th>照片</th>
          </tr>
        </thead>
        <tbody>
          {airframes.map((a) => (
            <tr key={a.id} data-testid="fleet-airframe" className={a.photoCount === 0 ? 'fleet-wanted' : undefined}>
              <td>
                {/* An aircraft without a photo has no page yet: its registration's page lists what there is. */}
                {a.photoCount > 0 ? (
                  <Link to={`/airframe/${a.id}`}>{a.registration ?? `#${a.id}`}</Link>
                ) : (
                  (a.registration ?? `#${a.id}`)
                )}
              </td>
              <td>{a.msn ?? '—'}</td>
              <td>{a.modeS ? <Link to={`/hex/${a.modeS}`}>{shownModeS(a.modeS)}</Link> : '—'}</td>
              <td>{a.firstTakenOn ?? '—'}</td>
              <td>{a.lastTakenOn ?? '—'}</td>
              <td>{a.photoCount > 0 ? a.photoCount : <span className="muted">还没有</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
