import { AIRFRAME_STATUS_LABELS } from '@contract/catalogues';
import { shownModeS } from '@contract/mode-s';
import type { AirframePeriod, AirframeResponse } from '@contract/airframes';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FactList } from '../../../components/fact-list.js';
import { PhotoCard } from '../../../components/photo-card.js';
import { ApiError } from '../../../lib/api.js';
import { usePageTitle } from '../../../lib/page-title.js';
import { searchLink } from '../../../lib/search-link.js';
import { useAirframe } from '../api/get-airframe.js';
import { spanText } from './airframe-card.js';
import './airframes.css';
import { FollowButton } from '../../../components/follow-button.js';
import { SightingButton } from '../../../components/sighting-button.js';

/** A registration's own page: `/reg/B-1234`. */
export const regLink = (registration: string) => `/reg/${encodeURIComponent(registration)}`;

function Facts({ airframe: a }: { airframe: AirframeResponse }) {
  const rows: [string, React.ReactNode][] = [
    [
      '机型',
      a.aircraftType ? (
        <>
          <Link to={searchLink({ type: a.aircraftType.id })}>{a.aircraftType.label}</Link> ·{' '}
          <Link to={`/type/${a.aircraftType.id}/fleet`}>机队</Link>
        </>
      ) : (
        '未知'
      ),
    ],
    ['MSN', a.msn ?? '未知'],
    [
      'Mode S',
      a.modeS ? (
        <span data-testid="airframe-mode-s">
          <Link to={`/hex/${a.modeS}`}>{shownModeS(a.modeS)}</Link>
          {a.modeSFromRegistration && <span className="muted">（由注册号算出）</span>}
        </span>
      ) : (
        '未知'
      ),
    ],
  ];
  if (a.lineNumber) rows.push(['线号', a.lineNumber]);
  if (a.builtYear) rows.push(['出厂', `${a.builtYear} 年`]);
  rows.push(['状态', AIRFRAME_STATUS_LABELS[a.status]]);
  if (a.operator) {
    rows.push([
      '运营者',
      <>
        <Link to={searchLink({ airline: a.operator.id })}>{a.operator.label}</Link> ·{' '}
        <Link to={`/airline/${a.operator.id}/fleet`} data-testid="operator-fleet">
          机队
        </Link>
      </>,
    ]);
  }
  rows.push(['照片', `${a.photoCount} 张（${spanText(a.firstTakenOn, a.lastTakenOn)}）`]);
  return <FactList rows={rows} testId="airframe-facts" className="airframe-facts" />;
}

function Period({ period: p, airframeId }: { period: AirframePeriod; airframeId: number }) {
  return (
    <li className="period" data-testid="airframe-period">
      <div className="period-head">
        <Link to={regLink(p.registration)} className="period-reg">
          {p.registration}
        </Link>
        <span>{p.airline ? <Link to={searchLink({ airline: p.airline.id })}>{p.airline.label}</Link> : '运营者未知'}</span>
        <span className="muted" data-testid="period-dates">
          {spanText(p.from, p.to)}
        </span>
        {p.liveries.map((l) => (
          <Link key={l.id} to={`/livery/${l.id}`} className="chip">
            {l.name}
          </Link>
        ))}
        <span className="muted">{p.photoCount} 张</span>
      </div>
      <div className="photo-strip">
        {p.photos.map((photo) => (
          <PhotoCard key={photo.id} photo={photo} sizes="260px" />
        ))}
      </div>
      {p.photoCount > p.photos.length && (
        <Link to={searchLink({ airframe: airframeId, reg: p.registration, from: p.from, to: p.to, sort: 'taken' })}>
          这一段的全部 {p.photoCount} 张
        </Link>
      )}
    </li>
  );
}

/** `/airframe/{id}`: one aircraft across its registrations, operators and liveries, oldest period first. */
export function Component() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const { data: airframe, error, isPending } = useAirframe(valid ? id : 0);
  usePageTitle(airframe ? [airframe.registrations.join(' / '), airframe.aircraftType?.label].filter(Boolean).join(' · ') : null);
  // A merged airframe answers as the one it joined: the address follows.
  useEffect(() => {
    if (airframe && airframe.id !== id) void navigate(`/airframe/${airframe.id}`, { replace: true });
  }, [airframe, id, navigate]);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="center-page panel" data-testid="airframe-not-found">
        <h1>机身不存在</h1>
        <p className="muted">这架飞机不在图库中，或已并入另一架。</p>
        <Link to="/search">去图库看看</Link>
      </div>
    );
  }
  if (error) {
    return (
      <div className="center-page panel">
        <h1>机身加载失败</h1>
        <p className="muted">{error.message}</p>
      </div>
    );
  }
  if (isPending) return <div className="route-loading">加载中…</div>;
  return (
    <div className="airframe-page" data-testid="airframe-page">
      <header className="airframe-head">
        <h1 data-testid="airframe-title">
          {airframe.registrations.map((r, i) => (
            <span key={r}>
              {i > 0 && <span className="muted"> / </span>}
              <Link to={regLink(r)}>{r}</Link>
            </span>
          ))}
        </h1>
        <FollowButton kind="airframe" target={String(airframe.id)} className="head-follow" />
        <SightingButton airframeId={airframe.id} className="head-sighting" />
        <Facts airframe={airframe} />
      </header>
      <section aria-label="机身履历">
        <div className="section-head">
          <h2>
            机身履历 <small className="muted">注册号、运营者与涂装，从早到晚</small>
          </h2>
          <Link to={searchLink({ airframe: airframe.id, sort: 'taken' })}>在图库中查看全部</Link>
        </div>
        <ol className="timeline" data-testid="airframe-timeline">
          {airframe.periods.map((p, i) => (
            // Periods are in time order and never reordered: the place is the key.
            <Period key={i} period={p} airframeId={airframe.id} />
          ))}
        </ol>
      </section>
      {airframe.photographers.length > 0 && (
        <section aria-label="摄影师" className="airframe-photographers">
          <h2>摄影师</h2>
          <ul>
            {airframe.photographers.map((u) => (
              <li key={u.id}>
                <Link to={`/user/${u.id}`}>{u.username}</Link> <span className="muted">{u.photos} 张</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
