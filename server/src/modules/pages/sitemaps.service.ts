import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ShortCache } from '../../shared/cache.js';
import * as repo from './sitemaps.repository.js';

// Sitemaps for a large site (issue 36, the sitemap protocol): `/sitemap.xml` is an index of files of at
// most 50,000 URLs each — accepted photos (with their image), airframes, registrations, photographers
// and the site's own pages — every URL with its lastmod. A file is read by keyset pages and written out
// page by page, never built whole.

/** The protocol's ceiling of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read at a time while a file is written. */
const PAGE = 2_000;
/** How long the index's blocks are kept (the index is read by crawlers, not people). */
const INDEX_TTL_MS = 10 * 60_000;

export type IdFile = 'photos' | 'airframes' | 'members';
const COLUMN = { photos: 'id', airframes: 'airframe_id', members: 'uploader_id' } as const;

/** The public pages that are not one thing's (their lastmod: the newest acceptance, or the release). */
export const SITE_PAGES = ['/', '/search', '/potw', '/rankings', '/guide/upload', '/guide/standard', '/terms', '/api', '/about'];
const CHANGES_WITH_PHOTOS = new Set(['/', '/search', '/potw', '/rankings']);

const escapeXml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const url = (loc: string, lastmod: number, extra = '') =>
  `<url><loc>${escapeXml(loc)}</loc><lastmod>${day(lastmod)}</lastmod>${extra}</url>\n`;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
const URLSET_CLOSE = '</urlset>\n';

interface Index {
  files: { path: string; lastmod: number | null }[];
}

export class SitemapsService {
  private readonly indexCache: ShortCache<Index>;

  private readonly base: string;
  private readonly imageHost: string;
  /** When this release was built: the lastmod of pages that change only with a release (the guides). */
  private readonly releasedAt: number;

  constructor(
    private readonly db: Db,
    clock: Clock,
    config: Pick<Config, 'publicUrl' | 'imageHost' | 'webDist'>,
    /** URLs in one file: the protocol's 50,000 (a test makes it small to see the files split). */
    private readonly perFile = SITEMAP_MAX_URLS,
  ) {
    this.base = config.publicUrl;
    this.imageHost = config.imageHost;
    const built = path.join(config.webDist, 'index.html');
    this.releasedAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : clock.now();
    this.indexCache = new ShortCache<Index>(clock, INDEX_TTL_MS, () => this.readIndex());
  }

  private async readIndex(): Promise<Index> {
    const files: Index['files'] = [{ path: '/sitemaps/pages.xml', lastmod: null }];
    for (const kind of ['photos', 'airframes', 'members'] as const) {
      const blocks = (await repo.blocks(this.db, COLUMN[kind], this.perFile)).sort((a, b) => a.n - b.n);
      for (const b of blocks) files.push({ path: `/sitemaps/${kind}-${b.n + 1}.xml`, lastmod: b.last });
    }
    // Registrations have no ids: each file starts after the last key of the one before.
    let after = '';
    for (let n = 0; n < 1_000; n++) {
      files.push({ path: `/sitemaps/registrations.xml${after ? `?after=${encodeURIComponent(after)}` : ''}`, lastmod: null });
      const next = await repo.registrationKeyAfter(this.db, after, this.perFile);
      if (next === null) break;
      after = next;
    }
    return { files };
  }

  /** `/sitemap.xml`: the index of the files. */
  async index(): Promise<string> {
    const { files } = await this.indexCache.get();
    const entries = files.map(
      (f) =>
        `<sitemap><loc>${escapeXml(`${this.base}${f.path}`)}</loc>${f.lastmod ? `<lastmod>${day(f.lastmod)}</lastmod>` : ''}</sitemap>`,
    );
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `${entries.join('\n')}\n</sitemapindex>\n`
    );
  }

  /** `/sitemaps/pages.xml`: the site's own pages. */
  async *pages(): AsyncGenerator<string> {
    const newest = (await repo.newestAcceptance(this.db)) || this.releasedAt;
    yield URLSET_OPEN;
    for (const path of SITE_PAGES) yield url(`${this.base}${path}`, CHANGES_WITH_PHOTOS.has(path) ? newest : this.releasedAt);
    yield URLSET_CLOSE;
  }

  /** `/sitemaps/{kind}-{n}.xml`: the things with ids in the nth block of a file's worth (50,000). */
  async *byId(kind: IdFile, n: number): AsyncGenerator<string> {
    const upTo = n * this.perFile;
    let after = upTo - this.perFile;
    // The first page is read before anything is written: a database that is down is a 503, not half a file.
    let lines = await this.idPage(kind, after, upTo);
    yield URLSET_OPEN;
    while (lines.length > 0) {
      yield lines.map((l) => l.xml).join('');
      if (lines.length < PAGE) break;
      after = lines.at(-1)!.id;
      lines = await this.idPage(kind, after, upTo);
    }
    yield URLSET_CLOSE;
  }

  private async idPage(kind: IdFile, after: number, upTo: number): Promise<{ id: number; xml: string }[]> {
    if (kind === 'photos') {
      const rows = await repo.photosPage(this.db, after, upTo, PAGE);
      return rows.map((r) => ({ id: r.id, xml: url(`${this.base}/photo/${r.id}`, r.decidedAt, this.imageOf(r)) }));
    }
    const rows = await repo.thingsPage(this.db, COLUMN[kind], after, upTo, PAGE);
    const page = kind === 'airframes' ? 'airframe' : 'user';
    return rows.map((r) => ({ id: r.id, xml: url(`${this.base}/${page}/${r.id}`, r.last) }));
  }

  /** A photo's image for image search: its 1280 px rendition (the largest it has, if smaller). */
  private imageOf(r: { renditionHash: string | null; edges: number[] }): string {
    if (!r.renditionHash || r.edges.length === 0) return '';
    const edge = r.edges.includes(1280) ? 1280 : Math.max(...r.edges.filter((e) => e < 1280), Math.min(...r.edges));
    const host = this.imageHost || this.base;
    return `<image:image><image:loc>${escapeXml(`${host}/img/${r.renditionHash}-${edge}.webp`)}</image:loc></image:image>`;
  }

  /** `/sitemaps/registrations.xml?after=`: a file's worth of registrations after a key, in key order. */
  async *registrations(after: string): AsyncGenerator<string> {
    let written = 0;
    let rows = await repo.registrationsPage(this.db, after, Math.min(PAGE, this.perFile));
    yield URLSET_OPEN;
    while (rows.length > 0) {
      yield rows.map((r) => url(`${this.base}/reg/${encodeURIComponent(r.registration)}`, r.last)).join('');
      written += rows.length;
      if (rows.length < PAGE || written >= this.perFile) break;
      rows = await repo.registrationsPage(this.db, rows.at(-1)!.key, Math.min(PAGE, this.perFile - written));
    }
    yield URLSET_CLOSE;
  }
}
