import type { PublicUser } from './accounts.js';
import type { AirframeResponse, AirframesResponse, LiveryResponse } from './airframes.js';
import type { CardSearchResponse, RelatedResponse, SiteStats, TrendingResponse } from './gallery.js';
import type { PhotoResponse } from './photos.js';
import type { PotwCurrentResponse, PotwListResponse } from './potw.js';
import type { RankingsResponse, UserStatistics } from './statistics.js';
import type { RuntimeConfig, SiteContact, SiteFilings } from './site.js';

/**
 * What the server renders a public page from: the answers of the public GET endpoints, read by calling
 * the services directly (never a request to itself), exactly as an anonymous visitor's request gets
 * them. `null` stands for that endpoint's 404. The web's server entry puts each answer in the query
 * cache under the key the page's own hook reads, and the browser is handed the cache.
 */
export interface PageData {
  /** GET /photos/{id} for a visitor (no view counted: the browser counts it). */
  photo(id: number): Promise<PhotoResponse | null>;
  /** GET /photos/{id}/related */
  related(id: number): Promise<RelatedResponse | null>;
  /** GET /photos?view=card&… with the page's parameters; `null` when the parameters are refused (400). */
  search(params: Readonly<Record<string, string>>, limit?: number): Promise<CardSearchResponse | null>;
  /** GET /users/{id}/photos?view=card */
  userPhotos(id: number): Promise<CardSearchResponse | null>;
  /** GET /users/{id} */
  user(id: number): Promise<PublicUser | null>;
  /** GET /site/stats */
  siteStats(): Promise<SiteStats>;
  /** GET /photos/trending (今日热门) */
  trending(): Promise<TrendingResponse>;
  /** GET /potw/current */
  potwCurrent(): Promise<PotwCurrentResponse>;
  /** GET /potw (the first page of the archive) */
  potwArchive(): Promise<PotwListResponse>;
  /** GET /airframes/{id} */
  airframe(id: number): Promise<AirframeResponse | null>;
  /** GET /airframes?reg= */
  airframesOf(registration: string): Promise<AirframesResponse | null>;
  /** GET /site/contact */
  siteContact(): Promise<SiteContact>;
  /** GET /site/filings: the footer of every page */
  siteFilings(): Promise<SiteFilings>;
  /** GET /liveries/{id} */
  livery(id: number): Promise<LiveryResponse | null>;
  /** GET /users/{id}/statistics */
  userStatistics(id: number): Promise<UserStatistics | null>;
  /** GET /rankings/{month} */
  rankings(month: string): Promise<RankingsResponse | null>;
}

/** What the server hands the web's server entry for one page. */
export interface RenderRequest {
  /** The page's path and query, as asked. */
  url: string;
  data: PageData;
  /** The runtime config the browser gets (the same for every page of this process). */
  config: RuntimeConfig;
  /** The home page's hero as the server drew it (its image preloaded by the HTML's head). */
  hero?: number;
}

/** The rendered page; `null` from the entry means the path is not a public page (the shell is sent). */
export interface RenderResult {
  status: number;
  /** The React tree's HTML, for `<div id="root">`. */
  html: string;
  /** The scripts that hand the browser the router's and the query cache's state (JSON, `<` escaped). */
  state: string;
  /** The route's own title (`handle.title`), for pages the server has no title of its own for. */
  title: string | null;
  /** The page's chunk in the client build (a key of Vite's manifest): its CSS and modules go in the head. */
  module: string | null;
}

/** The id of the JSON block after the root that hands a rendered page's state to the browser. */
export const STATE_ID = 'contrail-state';
