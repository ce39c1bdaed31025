import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { siteContactQuery } from '../lib/site-contact.js';
import { LinkifiedText } from './linkified-text.js';

const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The team's contact as typed, its e-mail addresses `mailto:` links and its web addresses links. */
function ContactText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(EMAIL_RE)) {
    if (m.index > last) parts.push(<LinkifiedText key={`t${last}`} text={text.slice(last, m.index)} />);
    parts.push(
      <a key={`m${m.index}`} href={`mailto:${m[0]}`}>
        {m[0]}
      </a>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(<LinkifiedText key={`t${last}`} text={text.slice(last)} />);
  return <Fragment>{parts}</Fragment>;
}

/**
 * How to reach the team (issue 19): the administrator's contact, else the configured one; a sentence
 * that says so when neither is set, rather than pointing at a contact that is not there.
 */
export function SiteContactLine({
  lead,
  missing = '管理团队暂未公布联系方式，请稍后再来查看。',
}: {
  lead: string;
  /** Said when no contact is set (a page that offers another way says so). */
  missing?: string;
}) {
  const contact = useQuery(siteContactQuery);
  if (contact.isPending) return <span className="muted">{lead}……</span>;
  const text = contact.data?.contact ?? '';
  if (!text) return <span data-testid="site-contact">{missing}</span>;
  return (
    <span data-testid="site-contact">
      {lead}
      <ContactText text={text} />
    </span>
  );
}
