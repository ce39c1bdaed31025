import { createHash } from 'node:crypto';
import { feedPathOf } from '../../../../contract/catalogues.js';
import { FEED_LIMITS } from '../../../../contract/feeds.js';
import { attributionOf } from '../../../../contract/accounts.js';
import type { SearchQuery, SearchResponse } from '../../../../contract/gallery.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import { LICENCE_CC, LICENCE_DISPLAY } from '../../../../contract/public-api.js';
import type { Clock } from '../../clock.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CollectionsService } from '../collections/collections.service.js';
import type { FollowsService } from '../follows/follows.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import { atomXml, escapeXml, type AtomEntry } from './atom.js';
import { FEEDS_TEXTS } from './feeds.texts.js';

export type FeedQuery = Omit<SearchQuery, 'cursor' | 'limit' | 'sort'>;

export interface FeedAnswer {
  xml: string;
  etag: string;
  lastModified: number;
}

const escapeHtml = escapeXml;
const SEEN_MAX = 5_000;

/**
 * Atom feeds of the newest accepted photos of any search (issue 23, item 4): the gallery answers the
 * search (its cache and its version included), this turns the answer into Atom. The entity tag is the
 * document's hash, so a reader that has it gets a 304 whatever process answers.
 */
export class FeedsService {
  private readonly seen = new Map<string, { etag: string; at: number }>();

  constructor(
    private readonly gallery: GalleryService,
    private readonly follows: FollowsService,
    private readonly accounts: AccountsService,
    private readonly collections: Pick<CollectionsService, 'feed'>,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  async photos(q: FeedQuery): Promise<FeedAnswer> {
    const answer = JSON.parse(
      (await this.gallery.searchJson({ ...q, sort: 'accepted', limit: FEED_LIMITS.entries })).toString('utf8'),
    ) as SearchResponse;
    const params = Object.fromEntries(
      Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
    ) as Record<string, string>;
    const filtered = Object.keys(params).length > 0;
    const words = filtered ? await this.follows.describeSearch(params) : FEEDS_TEXTS.latest;
    const title = filtered ? words.replace(FEEDS_TEXTS.searchWordsPrefix, '') : words;
    const query = new URLSearchParams(params).toString();
    return this.document(answer.items, {
      self: `${this.publicUrl}${feedPathOf(params)}`,
      title: FEEDS_TEXTS.title(title),
      subtitle: FEEDS_TEXTS.subtitle(filtered ? title : null),
      alternate: `${this.publicUrl}/search${query ? `?${query}` : ''}`,
    });
  }

  /** A public collection's photos (收藏, issue 39), the one added last first; 404 for a private one. */
  async collection(id: number): Promise<FeedAnswer> {
    const { collection, photos } = await this.collections.feed(id, FEED_LIMITS.entries);
    return this.document(photos, {
      self: `${this.publicUrl}/api/v1/feeds/collections/${id}`,
      title: FEEDS_TEXTS.title(FEEDS_TEXTS.collection(collection.name, collection.owner.username)),
      subtitle: collection.description || FEEDS_TEXTS.collectionSubtitle(collection.owner.username),
      alternate: `${this.publicUrl}/collection/${id}`,
    });
  }

  private async document(
    photos: PhotoResponse[],
    meta: { self: string; title: string; subtitle: string; alternate: string },
  ): Promise<FeedAnswer> {
    const settings = await this.accounts.settingsOf([...new Set(photos.map((p) => p.uploader.id))]);
    const entries = photos.map((p) => {
      const s = settings.get(p.uploader.id);
      // A photographer who keeps their photos off other sites: the entry says what and links, without the image.
      const shown = s?.allowThirdPartyDisplay ?? true;
      const rights = !shown ? FEEDS_TEXTS.siteOnly : s?.allowThirdPartyCc ? LICENCE_CC : LICENCE_DISPLAY;
      return this.entry(p, rights, attributionOf(s, p.uploader.username), shown);
    });
    const xml = atomXml({
      id: meta.self,
      title: meta.title,
      subtitle: meta.subtitle,
      self: meta.self,
      alternate: meta.alternate,
      icon: `${this.publicUrl}/favicon.svg`,
      // An empty feed is as new as the site's epoch; a fixed instant keeps its tag the same.
      updated: entries[0]?.updated ?? 0,
      entries,
    });
    const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
    return { xml, etag, lastModified: this.since(meta.self, etag, entries[0]?.updated ?? 0) };
  }

  private entry(p: PhotoResponse, rights: string, credit: string, withImage: boolean): AtomEntry {
    const link = `${this.publicUrl}/photo/${p.id}`;
    // A photo whose files were lost (`admin check --repair`) lists no renditions: its entry goes without.
    const medium = p.renditions.filter((r) => r.width <= 1280).at(-1) ?? p.renditions[0];
    const image = withImage && medium ? { ...medium, url: this.absolute(medium.url), type: 'image/webp' } : null;
    const facts = [
      p.registration,
      p.aircraftType?.label,
      p.airline?.label,
      p.inFlight ? FEEDS_TEXTS.inFlight : p.airport?.label,
    ].filter((v): v is string => !!v);
    const summary = [
      facts.join(' · '),
      FEEDS_TEXTS.takenOn(p.takenOn),
      FEEDS_TEXTS.photographer(p.uploader.username),
      credit,
      ...(p.remark ? [p.remark] : []),
      rights,
    ].join('\n');
    const contentHtml = [
      image
        ? `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(image.url)}" width="${image.width}" height="${image.height}" alt="${escapeHtml(facts.join(' · '))}"></a></p>`
        : `<p><a href="${escapeHtml(link)}">${FEEDS_TEXTS.viewOnSite}</a></p>`,
      FEEDS_TEXTS.factsHtml({
        facts: escapeHtml(facts.join(' · ')),
        takenOn: escapeHtml(p.takenOn),
        userUrl: escapeHtml(`${this.publicUrl}/user/${p.uploader.id}`),
        username: escapeHtml(p.uploader.username),
      }),
      ...(p.remark ? [`<p>${escapeHtml(p.remark)}</p>`] : []),
      `<p>${escapeHtml(credit)} · ${escapeHtml(rights)}</p>`,
    ].join('');
    return {
      id: link,
      title: facts.join(' · '),
      link,
      updated: p.decidedAt ?? p.createdAt,
      author: { name: p.uploader.username, uri: `${this.publicUrl}/user/${p.uploader.id}` },
      rights,
      summary,
      contentHtml,
      image,
    };
  }

  /**
   * Since when this feed has been this document, as this process saw it (never before its newest photo):
   * a photo leaving the feed or a name changing makes it another document, even one it was before, so a
   * reader asking "changed since?" hears yes. Another process may say a later time for the same
   * document; the reader then downloads it once more and never misses a change.
   */
  private since(feed: string, etag: string, newest: number): number {
    const known = this.seen.get(feed);
    if (known?.etag === etag) return known.at;
    const at = Math.max(newest, Math.floor(this.clock.now() / 1000) * 1000);
    if (!known && this.seen.size >= SEEN_MAX) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(feed, { etag, at });
    return at;
  }

  private absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${this.publicUrl}${url}`;
  }
}
