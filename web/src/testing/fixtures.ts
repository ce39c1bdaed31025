import { adminUser, adminUserDetail, type AdminUser, type AdminUserDetail } from '@contract/manage';
import { photoResponse, uploadQueueResponse, type PhotoResponse, type UploadQueueResponse } from '@contract/photos';
import { cardSearchResponse, type CardSearchResponse, type PhotoCardItem } from '@contract/gallery';
import { referenceLists } from '@contract/reference';
import { screeningView, type ScreeningView } from '@contract/screening';

// Server answers for component tests, each checked against the contract's schema when made, so a
// fixture cannot drift from what the server really sends.

const DAY = 86_400_000;
export const NOW = Date.UTC(2025, 4, 20, 4, 0);

export const PEK = { id: 11, label: '北京首都 ZBAA/PEK', icao: 'ZBAA', iata: 'PEK' };
export const PVG = { id: 12, label: '上海浦东国际机场', icao: 'ZSPD', iata: 'PVG' };
export const A320 = { id: 21, label: 'Airbus A320', icao: 'A320', iata: null };
export const AIR_CHINA = { id: 31, label: '中国国际航空', icao: 'CCA', iata: 'CA' };

export function photo(overrides: Partial<PhotoResponse> = {}): PhotoResponse {
  return photoResponse.parse({
    id: 7,
    state: 'pending',
    queue: 'normal',
    registration: 'B-1234',
    msn: '5678',
    modeS: null,
    aircraftType: A320,
    airline: AIR_CHINA,
    airport: PVG,
    airframeId: null,
    livery: null,
    inFlight: false,
    takenOn: '2025-05-01',
    categories: ['airliner'],
    remark: null,
    messageToScreener: '逆光拍摄，请留意机身细节',
    width: 2400,
    height: 1600,
    thumbhash: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
    renditions: [{ width: 1280, height: 853, url: '/img/a7-1280.webp' }],
    exif: { camera: 'Canon EOS R5', lens: null, focalLength: 200, aperture: 8, shutter: '1/1000', iso: 200, takenAt: null },
    checks: {
      sharpness: 0.8,
      clippedHighlights: 0,
      clippedShadows: 0,
      colorCast: { red: 0, blue: 0 },
      tiltDegrees: 0.2,
      duplicates: [],
      advice: [],
    },
    uploader: { id: 2, username: '摄影师乙' },
    ipRegion: '广东',
    createdAt: NOW - 2 * DAY,
    decidedAt: null,
    views: 0,
    likes: 0,
    featured: false,
    first: false,
    ...overrides,
  });
}

export function screening(overrides: Partial<ScreeningView> = {}): ScreeningView {
  const shown = overrides.photo ?? photo();
  return screeningView.parse({
    photo: shown,
    uploader: { id: shown.uploader.id, username: shown.uploader.username, acceptanceRate: 0.75, decided: 8 },
    lock: null,
    history: [
      { id: 1, actor: null, from: null, to: 'pending', reasons: [], message: null, facts: {}, labels: {}, at: shown.createdAt },
    ],
    appeal: null,
    uploaderRecent: [],
    sameRegistration: [],
    allowed: ['accept', 'reject', 'escalate'],
    readOnlyReason: null,
    ...overrides,
  });
}

export function uploadQueue(slots: Partial<UploadQueueResponse['slots']> = {}, items: PhotoResponse[] = []): UploadQueueResponse {
  return uploadQueueResponse.parse({
    items: items.map((p, i) => ({ photo: p, position: i + 1, estimatedWaitDays: 2 })),
    slots: { normal: 10, priority: 0, normalUsed: 0, priorityUsed: 0, ...slots },
  });
}

/** A photo as `GET /photos?view=card` lists it (the server's presentCard, from the same facts). */
export function cardOf(p: PhotoResponse): PhotoCardItem {
  const first = p.renditions[0];
  return {
    id: p.id,
    registration: p.registration,
    aircraftType: p.aircraftType?.label ?? null,
    airline: p.airline?.label ?? null,
    airport: p.airport?.label ?? null,
    inFlight: p.inFlight,
    width: p.width,
    height: p.height,
    thumbhash: p.thumbhash,
    images: first ? first.url.replace(/-\d+\.webp$/, '') : null,
    sizes: p.renditions.map((r) => [r.width, r.height]),
    photographer: p.uploader.username,
    featured: p.featured,
    first: p.first,
  };
}

/** A gallery list's answer as the web asks for it: compact cards. */
export function gallery(items: PhotoResponse[], more: Partial<Omit<CardSearchResponse, 'items'>> = {}): CardSearchResponse {
  return cardSearchResponse.parse({
    items: items.map(cardOf),
    nextCursor: null,
    total: items.length,
    totalCapped: false,
    ...more,
  });
}

export function member(overrides: Partial<AdminUser> = {}): AdminUser {
  return adminUser.parse({
    id: 5,
    email: 'member@example.com',
    username: '飞友丙',
    level: 0,
    status: 'active',
    suspendedUntil: null,
    suspensionReason: null,
    queueSlots: 10,
    prioritySlots: 0,
    createdAt: NOW - 30 * DAY,
    acceptedPhotos: 3,
    decidedPhotos: 4,
    acceptanceRate: 0.75,
    ...overrides,
  });
}

export function memberDetail(user: AdminUser, audit: AdminUserDetail['audit'] = []): AdminUserDetail {
  return adminUserDetail.parse({ user, audit, phone: '138****1234', phoneVerified: true });
}

/** `GET /airports` answering with Beijing Capital (PEK) alone. */
export const pekAirports = () =>
  referenceLists.airports.parse({
    items: [
      {
        id: PEK.id,
        icao: 'ZBAA',
        iata: 'PEK',
        nameZh: '北京首都',
        nameEn: 'Beijing Capital International Airport',
        city: 'Beijing',
        country: 'China',
        cityZh: '北京',
        regionZh: '北京',
        status: 'available',
      },
    ],
    nextCursor: null,
  });
