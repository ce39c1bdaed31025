import { attributionOf, type UserSettings } from '../../../../contract/accounts.js';
import { msnKey } from '../../../../contract/airframes.js';
import { MAX_ID } from '../../../../contract/limits.js';
import { NO_REGISTRATION, registrationKey, type PhotoResponse } from '../../../../contract/photos.js';
import {
  LICENCE_CC,
  LICENCE_DISPLAY,
  PUBLIC_API_MESSAGES,
  type OembedQuery,
  type OembedResponse,
  type PublicPhoto,
  type PublicPhotosQuery,
  type PublicPhotosResponse,
  TRACKER_PHOTOS_MAX,
  type TrackerPhoto,
  type TrackerPhotosResponse,
  type TrackerQuery,
} from '../../../../contract/public-api.js';
import { effectiveModeS, modeSNNumber } from '../../../../contract/mode-s.js';
import type { Db } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import { badRequest, notFound, notImplemented } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import * as repo from './public-api.repository.js';
import { PUBLIC_API_TEXTS } from './public-api.texts.js';

const NO_REG_KEY = registrationKey(NO_REGISTRATION);

/** Rows read per step while skipping the photos of members who keep theirs on this site only. */
const SCAN = 100;
const MAX_SCANS = 5;

type Image = { url: string; width: number; height: number };

/**
 * The open photo API and oEmbed (issue 23, items 5–6): accepted photos, shown elsewhere only when their
 * photographer allows it (`allowThirdPartyDisplay`, on by default), always with credit and a link back.
 */
export class PublicApiService {
  constructor(
    private readonly db: Db,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly publicUrl: string,
  ) {}

  private absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${this.publicUrl}${url}`;
  }

  /** The smallest rendition for a thumbnail; the largest that fits `maxWidth` × `maxHeight` (1280 by default). */
  private images(p: PhotoResponse, maxWidth = 1280, maxHeight = 10_000): { thumbnail: Image; medium: Image } | null {
    const all = p.renditions.map((r) => ({ url: this.absolute(r.url), width: r.width, height: r.height }));
    if (all.length === 0) return null;
    const fitting = all.filter((r) => r.width <= maxWidth && r.height <= maxHeight);
    return { thumbnail: all[0]!, medium: fitting.at(-1) ?? all[0]! };
  }

  /**
   * Photos of members who allow display elsewhere, with their settings; never one whose files were lost
   * (`admin check --repair` leaves it without renditions), so it does not take a place on the page.
   */
  private async shown(rows: PhotoRow[]): Promise<{ row: PhotoRow; settings: UserSettings }[]> {
    const withFiles = rows.filter((r) => r.rendition_hash !== null);
    const settings = await this.accounts.settingsOf(withFiles.map((r) => r.uploader_id));
    return withFiles.flatMap((row) => {
      const s = settings.get(row.uploader_id);
      return s?.allowThirdPartyDisplay ? [{ row, settings: s }] : [];
    });
  }

  async photosOf(q: PublicPhotosQuery): Promise<PublicPhotosResponse> {
    // The schema refuses a registration of no letter or digit (registrationSearch), as the gallery's does.
    const registration = q.reg ? registrationKey(q.reg) : null;
    // Photos without a registration are not one aircraft: `reg=NO-REG` finds none.
    if (registration === NO_REG_KEY) return { photos: [] };
    let airframeIds: number[] | null = null;
    if (q.msn) {
      airframeIds = await repo.airframesWithMsn(this.db, msnKey(q.msn), q.type ? q.type.toUpperCase() : null);
      if (airframeIds.length === 0) return { photos: [] };
    }
    const shown = await this.shownPhotos({ registrationKey: registration, airframeIds }, q.limit);
    return { photos: shown.flatMap(({ photo, settings }) => this.publicPhoto(photo, settings) ?? []) };
  }

  /**
   * `GET /public/photos/hex/{hex}` in Planespotters' shape: the photos of the aircraft that keep this
   * Mode S address, and of the N-number it maps to; when none, of the registration the tracker sent.
   */
  async trackerPhotosByHex(hex: string, q: TrackerQuery): Promise<TrackerPhotosResponse> {
    const nNumber = modeSNNumber(hex);
    // An address kept from an earlier registration abroad no longer holds under an N-number (its own does).
    const airframeIds = (await repo.airframesWithModeS(this.db, hex))
      .filter((a) => effectiveModeS(a.mode_s, a.registration) === hex)
      .map((a) => a.id);
    let shown =
      nNumber || airframeIds.length > 0
        ? await this.shownPhotos(
            {
              registrationKey: nNumber ? registrationKey(nNumber) : null,
              airframeIds: airframeIds.length ? airframeIds : null,
              either: true,
            },
            TRACKER_PHOTOS_MAX,
          )
        : [];
    if (shown.length === 0 && q.reg && registrationKey(q.reg) !== NO_REG_KEY) {
      shown = await this.shownPhotos({ registrationKey: registrationKey(q.reg), airframeIds: null }, TRACKER_PHOTOS_MAX);
    }
    return { photos: shown.flatMap(({ photo, settings }) => this.trackerPhoto(photo, settings) ?? []) };
  }

  /** `GET /public/photos/reg/{reg}` in Planespotters' shape. */
  async trackerPhotosByReg(reg: string): Promise<TrackerPhotosResponse> {
    const key = registrationKey(reg);
    if (key === NO_REG_KEY) return { photos: [] };
    const shown = await this.shownPhotos({ registrationKey: key, airframeIds: null }, TRACKER_PHOTOS_MAX);
    return { photos: shown.flatMap(({ photo, settings }) => this.trackerPhoto(photo, settings) ?? []) };
  }

  /** Up to `limit` accepted photos of the filter that may be shown elsewhere, presented, newest accepted first. */
  private async shownPhotos(filter: repo.PhotoFilter, limit: number) {
    const found: { row: PhotoRow; settings: UserSettings }[] = [];
    let after: { at: number; id: number } | null = null;
    for (let scan = 0; scan < MAX_SCANS && found.length < limit; scan++) {
      const rows = await repo.acceptedPhotos(this.db, filter, after, SCAN);
      found.push(...(await this.shown(rows)));
      if (rows.length < SCAN) break;
      const last = rows.at(-1)!;
      after = { at: last.decided_at ?? 0, id: last.id };
    }
    const picked = found.slice(0, limit);
    const presented = await this.photos.present(
      picked.map((p) => p.row),
      null,
    );
    return presented.map((photo, i) => ({ photo, settings: picked[i]!.settings }));
  }

  private trackerPhoto(p: PhotoResponse, settings: UserSettings): TrackerPhoto | null {
    // Planespotters' thumbnail is about 200 px wide and its large one about 420: the 320 and 640 renditions.
    const images = this.images(p, 640, 640);
    if (!images) return null;
    const image = (r: Image) => ({ src: r.url, size: { width: r.width, height: r.height } });
    return {
      id: String(p.id),
      thumbnail: image(images.thumbnail),
      thumbnail_large: image(images.medium),
      link: `${this.publicUrl}/photo/${p.id}`,
      // A name, as Planespotters gives it (trackers write "©" before it): the photographer's own credit, else their name.
      photographer: (settings.attribution || p.uploader.username).replace(/^©\s*/, ''),
      registration: p.registration,
      taken_on: p.takenOn,
      licence: settings.allowThirdPartyCc ? LICENCE_CC : LICENCE_DISPLAY,
      attribution: attributionOf(settings, p.uploader.username),
    };
  }

  private publicPhoto(p: PhotoResponse, settings: UserSettings): PublicPhoto | null {
    const images = this.images(p);
    if (!images) return null;
    return {
      id: p.id,
      link: `${this.publicUrl}/photo/${p.id}`,
      registration: p.registration,
      aircraftType: p.aircraftType?.label ?? null,
      airline: p.airline?.label ?? null,
      airport: p.airport?.label ?? null,
      takenOn: p.takenOn,
      photographer: { name: p.uploader.username, link: `${this.publicUrl}/user/${p.uploader.id}` },
      ...images,
      licence: settings.allowThirdPartyCc ? LICENCE_CC : LICENCE_DISPLAY,
      attribution: attributionOf(settings, p.uploader.username),
    };
  }

  /** oEmbed for a photo page of this site (`{publicUrl}/photo/{id}`, any host spelling of it refused). */
  async oembed(q: OembedQuery): Promise<OembedResponse> {
    if (q.format !== undefined && q.format !== 'json') throw notImplemented(PUBLIC_API_MESSAGES.badFormat);
    const id = this.photoIdOf(q.url);
    const row = await repo.acceptedPhoto(this.db, id);
    const [shown] = row ? await this.shown([row]) : [];
    if (!shown) throw notFound(PUBLIC_API_MESSAGES.notEmbeddable);
    const [p] = await this.photos.present([shown.row], null);
    const images = this.images(p!, q.maxwidth, q.maxheight);
    if (!images) throw notFound(PUBLIC_API_MESSAGES.notEmbeddable);
    const facts = [p!.registration, p!.aircraftType?.label, p!.airline?.label, p!.airport?.label].filter(Boolean);
    return {
      version: '1.0',
      type: 'photo',
      title: facts.join(' · '),
      author_name: p!.uploader.username,
      author_url: `${this.publicUrl}/user/${p!.uploader.id}`,
      provider_name: PUBLIC_API_TEXTS.providerName,
      provider_url: this.publicUrl,
      url: images.medium.url,
      width: images.medium.width,
      height: images.medium.height,
      thumbnail_url: images.thumbnail.url,
      thumbnail_width: images.thumbnail.width,
      thumbnail_height: images.thumbnail.height,
      cache_age: 3600,
    };
  }

  private photoIdOf(url: string): number {
    const refuse = () => badRequest(PUBLIC_API_MESSAGES.badUrl, [{ path: ['url'], message: PUBLIC_API_MESSAGES.badUrl }]);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refuse();
    }
    const site = new URL(this.publicUrl);
    const m = /^\/photo\/(\d{1,10})\/?$/.exec(parsed.pathname);
    if (parsed.host !== site.host || !m || Number(m[1]) > MAX_ID || Number(m[1]) === 0) throw refuse();
    return Number(m[1]);
  }
}
