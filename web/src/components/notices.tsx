import { useSyncExternalStore } from 'react';
import { noticeStore } from '../lib/notice.js';

export function Notices() {
  const notices = useSyncExternalStore(noticeStore.subscribe, noticeStore.get);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} data-kind={n.kind}>
          {n.text}
        </div>
      ))}
    </div>
  );
}
