import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { notice, noticeStore } from '../lib/notice.js';

/**
 * The notices lie over the page, in a lane each page keeps free above its heading (global.css: 70 px
 * and one line of notice), so showing one moves nothing. A taller one (a long text on a phone) widens
 * the lane to its bottom (`--notices-tallest`, px from the window's top) for the rest of this page:
 * it does not narrow again when the notice goes, which would move the page back up.
 */
function useNoticeLane(box: RefObject<HTMLDivElement | null>, count: number) {
  const { pathname } = useLocation();
  const tallest = useRef(0);
  useLayoutEffect(() => {
    tallest.current = 0;
    document.documentElement.style.removeProperty('--notices-tallest');
  }, [pathname]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || count === 0) return;
    const measure = () => {
      const bottom = Math.ceil(el.getBoundingClientRect().bottom);
      if (bottom <= tallest.current) return;
      tallest.current = bottom;
      document.documentElement.style.setProperty('--notices-tallest', `${bottom}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, count, pathname]);
}

/** The server's render has no notices. */
const NONE: ReturnType<typeof noticeStore.get> = [];

export function Notices() {
  const notices = useSyncExternalStore(noticeStore.subscribe, noticeStore.get, () => NONE);
  const box = useRef<HTMLDivElement>(null);
  useNoticeLane(box, notices.length);
  // Drawn now: each notice's time starts here, not when it was raised.
  useEffect(() => noticeStore.drawn(notices.map((n) => n.id)), [notices]);
  return (
    <div className="notices" role="status" aria-live="polite" ref={box}>
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} data-kind={n.kind}>
          {n.text}
          {n.action && (
            <button
              type="button"
              className="notice-action"
              onClick={() => {
                notice.dismiss(n.id);
                n.action!.run();
              }}
            >
              {n.action.label}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
