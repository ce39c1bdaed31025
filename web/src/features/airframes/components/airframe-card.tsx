import { AIRFRAME_STATUS_LABELS } from '@contract/catalogues';
import type { AirframeSummary } from '@contract/airframes';
import { Link } from 'react-router';
import { PhotoImage, photoAlt } from '../../../components/photo-image.js';

/** The days an airframe's photos span: 2015-05-01 – 2019-03-01, or one day. */
export const spanText = (from: string | null, to: string | null) => (from === to ? (from ?? '') : `${from} – ${to}`);

/** One aircraft in a list: its newest photo, registrations, type, MSN, status and days photographed. */
export function AirframeCard({ airframe: a }: { airframe: AirframeSummary }) {
  return (
    <article className="airframe-card" data-testid="airframe-card" data-airframe-id={a.id}>
      <Link to={`/airframe/${a.id}`} className="airframe-card-frame" aria-label={`查看机身 ${a.registrations.join(' / ')}`}>
        {a.cover && (
          <PhotoImage photo={a.cover} alt={photoAlt(a.cover)} sizes="(max-width: 560px) 100vw, 360px" className="fit-width" />
        )}
      </Link>
      <div className="airframe-card-body">
        <Link to={`/airframe/${a.id}`} className="airframe-card-regs">
          {a.registrations.join(' / ')}
        </Link>
        <div>
          {a.aircraftType?.label ?? '机型未知'}
          {a.msn && <span className="muted"> · MSN {a.msn}</span>}
        </div>
        {a.operator && <div>{a.operator.label}</div>}
        <div className="muted">
          <span className={`airframe-status status-${a.status}`}>{AIRFRAME_STATUS_LABELS[a.status]}</span> · {a.photoCount} 张 ·{' '}
          {spanText(a.firstTakenOn, a.lastTakenOn)}
        </div>
      </div>
    </article>
  );
}
