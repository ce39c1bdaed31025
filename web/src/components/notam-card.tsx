import type { HTMLAttributes, Ref } from 'react';
import { LinkifiedText } from './linkified-text.js';
import './notam-card.css';

interface NotamCardProps extends HTMLAttributes<HTMLDivElement> {
  title: string;
  content: string;
  /** Ids for the dialog's aria-labelledby / aria-describedby. */
  titleId?: string;
  contentId?: string;
  ref?: Ref<HTMLDivElement>;
  buttonRef?: Ref<HTMLButtonElement>;
  onAcknowledge?: () => void;
}

/**
 * A NOTAM as the home page's dialog draws it (§3.1): the title, the content as plain text with its
 * line breaks and clickable web addresses, and 我知道了. The management page's preview draws this same
 * card, so what an administrator sees is what visitors will see.
 */
export function NotamCard(props: NotamCardProps) {
  const { title, content, titleId, contentId, ref, buttonRef, onAcknowledge, className, ...rest } = props;
  return (
    <div ref={ref} className={`dialog notam-card${className ? ` ${className}` : ''}`} {...rest}>
      <div className="notam-kicker">NOTAM · 站点公告</div>
      <h2 className="dialog-title notam-title" id={titleId}>
        {title}
      </h2>
      <div className="notam-content" id={contentId} data-testid="notam-content">
        <LinkifiedText text={content} />
      </div>
      <div className="dialog-actions notam-actions">
        <button type="button" className="btn btn-primary" ref={buttonRef} onClick={onAcknowledge}>
          我知道了
        </button>
      </div>
    </div>
  );
}
