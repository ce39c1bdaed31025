import type { PhotoResponse } from '@contract/photos';
import type { ScreeningEvent } from '@contract/screening';
import { Tag } from 'antd';
import { factLines, formatTime, STATE_NAMES } from '../lib/texts.js';

/** One screening event: who, when, from → to, reasons, message and the facts it changed. */
export function EventLine({ event, photo }: { event: ScreeningEvent; photo?: PhotoResponse }) {
  const changed = factLines(event, photo);
  return (
    <>
      <div className="event-head">
        <b>{event.actor?.username ?? '系统'}</b>
        <span className="muted">{formatTime(event.at)}</span>
      </div>
      <div>{event.from ? `${STATE_NAMES[event.from]} → ${STATE_NAMES[event.to]}` : `上传，${STATE_NAMES[event.to]}`}</div>
      {event.reasons.length > 0 && (
        <div className="event-reasons">
          {event.reasons.map((r) => (
            <Tag key={r.code} color="red">
              {r.title}
            </Tag>
          ))}
        </div>
      )}
      {event.message && <div className="event-message">{event.message}</div>}
      {changed.length > 0 && (
        <ul className="event-facts">
          {changed.map(({ field, text }) => (
            <li key={field}>{text}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function HistoryList({ events, photo }: { events: ScreeningEvent[]; photo: PhotoResponse }) {
  if (events.length === 0) return <p className="muted">暂无记录</p>;
  return (
    <ol className="event-list" data-testid="history">
      {events.map((e) => (
        <li key={e.id}>
          <EventLine event={e} photo={photo} />
        </li>
      ))}
    </ol>
  );
}
