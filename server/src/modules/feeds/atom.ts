// Atom 1.0 (RFC 4287) written by hand: a handful of elements, every text escaped.

// Characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/U+FFFF), which a member's text may hold:
// left out, or the whole feed would not parse.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const escapeXml = (v: string) =>
  v
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export interface AtomEntry {
  id: string;
  title: string;
  link: string;
  updated: number;
  author: { name: string; uri: string };
  rights: string;
  /** Plain text: what the photo shows. */
  summary: string;
  /** HTML shown by readers (escaped into the document). */
  contentHtml: string;
  /** None for a photographer who keeps their photos off other sites: the entry links to the page only. */
  image: { url: string; type: string; width: number; height: number } | null;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  self: string;
  alternate: string;
  icon: string;
  updated: number;
  entries: AtomEntry[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function entryXml(e: AtomEntry): string {
  return [
    '<entry>',
    `<id>${escapeXml(e.id)}</id>`,
    `<title type="text">${escapeXml(e.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
    ...(e.image ? [`<link rel="enclosure" type="${escapeXml(e.image.type)}" href="${escapeXml(e.image.url)}"/>`] : []),
    `<published>${iso(e.updated)}</published>`,
    `<updated>${iso(e.updated)}</updated>`,
    `<author><name>${escapeXml(e.author.name)}</name><uri>${escapeXml(e.author.uri)}</uri></author>`,
    `<rights type="text">${escapeXml(e.rights)}</rights>`,
    `<summary type="text">${escapeXml(e.summary)}</summary>`,
    `<content type="html">${escapeXml(e.contentHtml)}</content>`,
    '</entry>',
  ].join('');
}

export function atomXml(f: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">',
    `<id>${escapeXml(f.id)}</id>`,
    `<title type="text">${escapeXml(f.title)}</title>`,
    `<subtitle type="text">${escapeXml(f.subtitle)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(f.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(f.alternate)}"/>`,
    `<updated>${iso(f.updated)}</updated>`,
    '<author><name>航迹 Contrail</name></author>',
    '<generator>航迹 Contrail</generator>',
    `<icon>${escapeXml(f.icon)}</icon>`,
    ...f.entries.map(entryXml),
    '</feed>\n',
  ].join('');
}

export { escapeXml };
