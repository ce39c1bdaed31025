import type { PhotoResponse } from '@contract/photos';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  photo: Pick<PhotoResponse, 'renditions'>;
  alt: string;
  onClose: () => void;
}

/**
 * The photo on the whole screen (issue 19, item 8): the largest rendition (2560 px) fitted to the
 * window, or at 100 % to pan around; closed by Esc, 关闭, a click beside the photo, or the browser's
 * back (the page opens it as a history entry).
 */
export function PhotoViewer({ photo, alt, onClose }: Props) {
  const largest = [...photo.renditions].sort((a, b) => b.width - a.width)[0];
  const [full, setFull] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, []);

  // At 100 % the middle of the photo comes into view first.
  useEffect(() => {
    const el = stage.current;
    if (full && el) el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, top: (el.scrollHeight - el.clientHeight) / 2 });
  }, [full]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      // Focus stays in the viewer while it is open.
      const items = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = items[(at + (e.shiftKey ? items.length - 1 : 1)) % items.length];
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  };

  if (!largest) return null;
  return (
    <div
      ref={dialog}
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`查看大图：${alt}`}
      onKeyDown={onKeyDown}
      data-testid="photo-viewer"
    >
      <div className="photo-viewer-bar">
        <span className="photo-viewer-title">{alt}</span>
        <button type="button" className="btn" aria-pressed={full} onClick={() => setFull((f) => !f)} data-testid="viewer-zoom">
          {full ? '适应屏幕' : '100%'}
        </button>
        <button type="button" className="btn" ref={closeButton} onClick={onClose} data-testid="viewer-close">
          关闭（Esc）
        </button>
      </div>
      <div
        ref={stage}
        className={`photo-viewer-stage${full ? ' full' : ''}`}
        onClick={(e) => e.target === e.currentTarget && onClose()}
      >
        <img
          src={largest.url}
          width={largest.width}
          height={largest.height}
          alt={alt}
          onClick={() => setFull((f) => !f)}
          data-testid="viewer-image"
        />
      </div>
    </div>
  );
}
