import type { PhotoResponse } from '@contract/photos';
import type { ScreeningEvent } from '@contract/screening';
import { factLines, formatTime, STATE_NAMES } from '../lib/texts.js';

/** Who decided what and when, for screeners on the public photo page (level ≥ 1). */
export function ScreeningHistory({ events, photo }: { events: ScreeningEvent[]; photo: PhotoResponse }) {
  return (
    <section className="photo-panel" aria-label="审图记录" data-testid="screening-history">
      <h2>审图记录</h2>
      {events.length === 0 ? (
        <p className="muted">暂无记录</p>
      ) : (
        <ol className="history-list">
          {events.map((e) => (
            <li key={e.id}>
              <div className="history-head">
                <b>{e.actor?.username ?? '系统'}</b>
                <span className="muted">{formatTime(e.at)}</span>
              </div>
              <div>{e.from ? `${STATE_NAMES[e.from]} → ${STATE_NAMES[e.to]}` : `上传，${STATE_NAMES[e.to]}`}</div>
              {e.reasons.length > 0 && (
                <div className="history-reasons">
                  {e.reasons.map((r) => (
                    <span className="tag-red" key={r.code}>
                      {r.title}
                    </span>
                  ))}
                </div>
              )}
              {e.message && <div className="history-message">{e.message}</div>}
              {factLines(e, photo).map(({ field, text }) => (
                <div className="muted" key={field}>
                  {text}
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
