import { AIRFRAME_STATUS_LABELS } from '../../../../contract/airframes.js';
import { expandCard, srcSetOf, type CardPhoto } from '../../../../contract/cards.js';
import {
  CARD_SIZES,
  HERO_FEATURED_LIMIT,
  HERO_SIZES,
  PHOTO_PAGE_SIZES,
  searchApiParams,
} from '../../../../contract/catalogues.js';
import { galleryQuery, type CardSearchResponse } from '../../../../contract/gallery.js';
import { MAX_ID } from '../../../../contract/limits.js';
import { REGISTRATION_PATTERN, type PhotoResponse } from '../../../../contract/photos.js';
import { formatRegistration } from '../../../../contract/registrations.js';
import type { Db } from '../../db/database.js';
import type { PageMeta } from '../../http/web.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { PotwService } from '../potw/potw.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import type { AirframePagesService } from './airframe-pages.service.js';
import type { PagesService } from './pages.service.js';
import { PAGES_TEXTS } from './pages.texts.js';
import { photoJsonLd } from './structured-data.js';

/** The photo page's `<img>` as the web draws it: the srcset of every rendition and the page's sizes. */
function preloadOf(p: PhotoResponse): PageMeta['preload'] {
  // The renditions come smallest first (presentPhoto sorts them), as the page's <img> lists them.
  return p.renditions.length === 0 ? undefined : { srcset: srcSetOf(p), sizes: PHOTO_PAGE_SIZES };
}

const idIn = (path: string, page: string): number | null => {
  const m = new RegExp(`^/${page}/(\\d{1,10})$`).exec(path);
  return m && Number(m[1]) <= MAX_ID ? Number(m[1]) : null;
};

/**
 * What crawlers and shared links see of the public pages that have their own: the title, description
 * and picture of a photo, an airframe, a registration and a livery; and `sitemap.xml`.
 */
export class PageMetaService {
  constructor(
    private readonly db: Db,
    private readonly photos: PhotosService,
    private readonly airframes: AirframePagesService,
    private readonly gallery: Pick<GalleryService, 'searchJson'>,
    private readonly potw: Pick<PotwService, 'current'>,
    private readonly users: Pick<PagesService, 'profile'>,
    private readonly publicUrl: string,
  ) {}

  private image(p: Pick<CardPhoto, 'renditions'> | null): string | null {
    const image = p?.renditions.find((r) => Math.max(r.width, r.height) >= 1280) ?? p?.renditions.at(-1);
    if (!image) return null;
    return image.url.startsWith('http') ? image.url : `${this.publicUrl}${image.url}`;
  }

  async pageMeta(path: string, search = ''): Promise<PageMeta | null> {
    if (path === '/') return this.homeMeta();
    if (path === '/search') return this.searchMeta(search);
    const photoId = idIn(path, 'photo');
    if (photoId !== null) return this.photoMeta(photoId);
    const airframeId = idIn(path, 'airframe');
    if (airframeId !== null) return this.airframeMeta(airframeId);
    const liveryId = idIn(path, 'livery');
    if (liveryId !== null) return this.liveryMeta(liveryId);
    const userId = idIn(path, 'user');
    if (userId !== null) return this.userMeta(userId);
    const reg = /^\/reg\/([A-Za-z0-9-]{1,15})$/.exec(path)?.[1]?.toUpperCase();
    if (reg && REGISTRATION_PATTERN.test(reg)) return this.registrationMeta(reg);
    const month = /^\/rankings(?:\/(\d{4})-(\d{2}))?$/.exec(path);
    if (month)
      return { title: PAGES_TEXTS.rankingsTitle(month[1], month[2]), description: PAGES_TEXTS.rankingsDescription, image: null };
    return null;
  }

  /** `/photo/{id}`: registration · type · airline · airport. */
  private async photoMeta(id: number): Promise<PageMeta | null> {
    const p = (await this.photos.presentByIds([id], null)).get(id);
    if (!p) return null;
    const facts = [p.registration, p.aircraftType?.label, p.airline?.label, p.airport?.label].filter(Boolean);
    const description = PAGES_TEXTS.photoDescription({ username: p.uploader.username, takenOn: p.takenOn, remark: p.remark });
    return {
      title: PAGES_TEXTS.title(facts.join(' · ')),
      description,
      image: this.image(p),
      preload: preloadOf(p),
      oembed: `${this.publicUrl}/api/v1/oembed?url=${encodeURIComponent(`${this.publicUrl}/photo/${id}`)}`,
      jsonLd: photoJsonLd(p, { base: this.publicUrl, image: this.image(p), name: facts.join(' · '), description }),
    };
  }

  /** A gallery list as the web asks for it (compact cards), from the gallery's cache of answers. */
  private async cards(params: Record<string, string>): Promise<CardPhoto[]> {
    const query = galleryQuery.parse({ ...params, view: 'card' });
    const answer = JSON.parse((await this.gallery.searchJson(query)).toString('utf8')) as CardSearchResponse;
    return answer.items.map(expandCard);
  }

  /**
   * `/`: the hero the page will draw, by its rule (§3.1): this week's photo, else one of the latest
   * editor's choices at random, else the latest photo. Drawn here, named in the HTML for the page to
   * take, and preloaded: on a phone the hero is the page's LCP, and its download then starts with the
   * app's JavaScript instead of after it and two API answers. The lists are the ones the page asks for.
   */
  private async homeMeta(): Promise<PageMeta> {
    const { entry } = await this.potw.current();
    let hero: CardPhoto | null = entry?.photo ?? null;
    if (!hero) {
      const featured = await this.cards({ featured: '1', limit: String(HERO_FEATURED_LIMIT) });
      hero = featured[Math.floor(Math.random() * featured.length)] ?? (await this.cards({}))[0] ?? null;
    }
    return {
      title: PAGES_TEXTS.homeTitle,
      description: PAGES_TEXTS.homeDescription,
      url: `${this.publicUrl}/`,
      ogType: 'website',
      image: this.image(hero),
      ...(hero && hero.renditions.length > 0 ? { hero: hero.id, preload: { srcset: srcSetOf(hero), sizes: HERO_SIZES } } : {}),
    };
  }

  /**
   * `/search?…`: the search's first photo, which is the page's LCP on a phone, preloaded from the HTML
   * with the card's srcset and sizes, so it downloads while the app's JavaScript does. The answer is the
   * one the page asks for next (same parameters, read as the page reads its URL), so that request is
   * answered from the gallery's cache.
   */
  private async searchMeta(search: string): Promise<PageMeta | null> {
    // Node's header limit (16 KB) already caps the URL; the schema caps every field before reading it.
    const url = new URLSearchParams(search);
    // A next-page link's page (its cursor) is a page of its own.
    const cursor = url.get('cursor')?.slice(0, 200);
    const params = { ...searchApiParams(url), ...(cursor ? { cursor } : {}) };
    const query = galleryQuery.safeParse({ ...params, view: 'card' });
    if (!query.success) return null;
    const answer = JSON.parse((await this.gallery.searchJson(query.data)).toString('utf8')) as CardSearchResponse;
    const first = answer.items[0] ? expandCard(answer.items[0]) : null;
    const count = PAGES_TEXTS.photoCount(answer.total, answer.totalCapped);
    return {
      title: PAGES_TEXTS.searchTitle(query.data.q),
      url: `${this.publicUrl}/search${Object.keys(params).length > 0 ? `?${new URLSearchParams(params)}` : ''}`,
      description: PAGES_TEXTS.searchDescription(
        count,
        first ? [first.registration, first.aircraftType?.label].filter(Boolean).join(' · ') : null,
      ),
      image: this.image(first),
      preload: first && first.renditions.length > 0 ? { srcset: srcSetOf(first), sizes: CARD_SIZES } : undefined,
    };
  }

  /** `/airframe/{id}`: its registrations, type and MSN. */
  private async airframeMeta(id: number): Promise<PageMeta | null> {
    const [a] = await this.airframes.summaries([id]);
    if (!a || a.photoCount === 0) return null;
    const facts = [a.registrations.join(' / '), a.aircraftType?.label, a.msn ? `MSN ${a.msn}` : null].filter(Boolean);
    return {
      title: PAGES_TEXTS.title(facts.join(' · ')),
      description: PAGES_TEXTS.airframeDescription({
        status: AIRFRAME_STATUS_LABELS[a.status],
        photoCount: a.photoCount,
        firstTakenOn: a.firstTakenOn,
        lastTakenOn: a.lastTakenOn,
      }),
      image: this.image(a.cover),
    };
  }

  /** `/user/{id}`: the photographer's name, their photos' count and their cover. */
  private async userMeta(id: number): Promise<PageMeta | null> {
    const user = await this.users.profile(id).catch(() => null);
    if (!user) return null;
    return {
      title: PAGES_TEXTS.title(user.username),
      description: PAGES_TEXTS.userDescription(user.stats.acceptedPhotos, user.homeAirport?.label ?? null),
      image: this.image(user.coverPhoto),
    };
  }

  private async registrationMeta(reg: string): Promise<PageMeta | null> {
    const { items } = await this.airframes.list({ reg, limit: 10 });
    if (items.length === 0) return null;
    return {
      title: PAGES_TEXTS.registrationTitle(formatRegistration(reg) ?? reg.toUpperCase()),
      description: items.map((a) => [a.aircraftType?.label, a.msn ? `MSN ${a.msn}` : null].filter(Boolean).join(' ')).join('；'),
      image: this.image(items[0]!.cover),
    };
  }

  private async liveryMeta(id: number): Promise<PageMeta | null> {
    const l = await this.airframes.livery(id).catch(() => null);
    if (!l) return null;
    return {
      title: PAGES_TEXTS.title([l.name, l.airline?.label].filter(Boolean).join(' · ')),
      description: PAGES_TEXTS.liveryDescription(l.airframes.length, l.photoCount),
      image: this.image(l.airframes[0]?.cover ?? null),
    };
  }
}
