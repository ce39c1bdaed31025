import { Fragment } from 'react';

export type TextSegment = { text: string; href?: undefined } | { text: string; href: string };

// http(s) only: a `javascript:` or `data:` address never becomes a link. A link ends at white space,
// at quotes and angle brackets, and at Chinese punctuation, which people type right after an address
// ("详见 https://example.com/a，谢谢").
const URL_RE = /https?:\/\/[^\s<>"'`，。；：！？、（）【】《》「」『』“”‘’]+/gi;
// Punctuation that closes the sentence rather than the address.
const TRAILING_RE = /[.,;:!?*_~]+$/;

function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING_RE, '');
  // "(见 https://example.com/a)": the closing bracket is the sentence's unless the address opened one.
  while (/[)\]}]$/.test(url)) {
    const close = url.at(-1)!;
    const open = { ')': '(', ']': '[', '}': '{' }[close]!;
    if (url.split(open).length >= url.split(close).length) break;
    url = url.slice(0, -1).replace(TRAILING_RE, '');
  }
  return url;
}

function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Plain text cut into text and http(s) links; joining the segments' texts gives the text back. */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const url = trimUrl(match[0]);
    if (!isWebAddress(url)) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ text: url, href: url });
    last = match.index + url.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/**
 * User text as React text nodes, never as HTML (a `<script>` in it shows as those characters), with
 * its web addresses made links that open in a new tab without handing it this page. The container
 * keeps the text's line breaks (`white-space` of its class, e.g. `.linkified`).
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkSegments(text).map((s, i) =>
        s.href ? (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer">
            {s.text}
          </a>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </>
  );
}
