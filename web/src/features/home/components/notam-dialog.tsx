import type { Notam } from '@contract/manage';
import { useEffect, useId, useRef } from 'react';
import { NotamCard } from '../../../components/notam-card.js';

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The NOTAM as a modal dialog: focus starts on 我知道了 and stays inside (Tab wraps), and returns
 * where it was on closing. 我知道了 acknowledges; Esc only closes it for now. A click beside it does
 * nothing: a notice to every visitor should not vanish by a stray click.
 */
export default function NotamDialog({ notam, onClose }: { notam: Notam; onClose: (acknowledged: boolean) => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    buttonRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current(false);
      } else if (e.key === 'Tab' && dialogRef.current) {
        const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items.at(-1);
        const active = document.activeElement;
        if (!first || !last) return;
        if (!dialogRef.current.contains(active) || (e.shiftKey ? active === first : active === last)) {
          e.preventDefault();
          (e.shiftKey ? last : first).focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className="dialog-mask notam-mask">
      <NotamCard
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-content`}
        titleId={`${id}-title`}
        contentId={`${id}-content`}
        title={notam.title}
        content={notam.content}
        buttonRef={buttonRef}
        onAcknowledge={() => onClose(true)}
        data-testid="notam-dialog"
      />
    </div>
  );
}
