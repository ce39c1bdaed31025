import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { noticeStore } from '../lib/notice.js';

/**
 * Where the notices end, for the page and the dialogs to keep their headings below them: while any
 * shows, `<html>` has the class `notices-shown` and `--notices-bottom` (px from the window's top).
 */
function useNoticeSpace(box: RefObject<HTMLDivElement | null>, count: number) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = box.current;
    if (!el || count === 0) {
      root.classList.remove('notices-shown');
      return;
    }
    const measure = () => root.style.setProperty('--notices-bottom', `${Math.ceil(el.getBoundingClientRect().bottom)}px`);
    measure();
    root.classList.add('notices-shown');
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, count]);
}

export function Notices() {
  const notices = useSyncExternalStore(noticeStore.subscribe, noticeStore.get);
  const box = useRef<HTMLDivElement>(null);
  useNoticeSpace(box, notices.length);
  // Drawn now: each notice's time starts here, not when it was raised.
  useEffect(() => noticeStore.drawn(notices.map((n) => n.id)), [notices]);
  return (
    <div className="notices" role="status" aria-live="polite" ref={box}>
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} data-kind={n.kind}>
          {n.text}
        </div>
      ))}
    </div>
  );
}
