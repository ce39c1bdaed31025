import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AirframeStatus } from '../../../contract/catalogues.js';
import type { UserSettings } from '../../../contract/accounts.js';
import type { ExifSummary, PhotoChecks, Watermark } from '../../../contract/photos.js';
import type { FollowKind, FollowMail } from '../../../contract/follows.js';
import type { Json } from './json.js';

/** A rendition a photo row lists: its long edge names the file, with the size it came out at. */
export interface StoredRendition {
  edge: number;
  width: number;
  height: number;
}

// Times are epoch milliseconds (bigint in PostgreSQL, parsed to number; integer in SQLite).
// Booleans are 0/1 integers and JSON is text (typed by `Json<T>`), so one set of queries serves both databases.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  username_key: string;
  password_hash: string;
  level: number;
  status: 'active' | 'suspended' | 'deleted';
  suspended_until: number | null;
  suspension_reason: string | null;
  queue_slots: Generated<number>;
  priority_slots: Generated<number>;
  settings: Json<Partial<UserSettings>>;
  created_at: number;
  home_airport_id: Generated<number | null>;
  cover_photo_id: Generated<number | null>;
  /** E.164; confirmed by SMS when `phone_verified_at` is set (issue 38). Never shown to other members. */
  phone: Generated<string | null>;
  phone_verified_at: Generated<number | null>;
  /** IP属地 of the latest login (a province or a country), never the address. */
  ip_region: Generated<string | null>;
}

/** A verification code sent by SMS: salted SHA-256, 5 minutes, 5 tries. */
export interface PhoneCodesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  salt: string;
  code_hash: string;
  tries: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: Json<Record<string, unknown>>;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** A start-up lock (the reference import): one process holds `name` until `claimed_until`. */
export interface JobRunsTable {
  name: string;
  claimed_until: number;
  last_run_at: number | null;
}

/** A job of the runner (jobs/runner.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON of the kind's payload. */
  payload: string;
  /** Unique while the row exists: a recurring kind's row (its kind), or one job for one thing. */
  key: string | null;
  run_after: number;
  /** A recurring kind's interval: the row comes back after each run instead of being deleted. */
  every_ms: number | null;
  attempts: Generated<number>;
  /** Enqueues that met this pending row (its key): a run that began before the last is not the last. */
  version: Generated<number>;
  last_error: string | null;
  lease_until: number | null;
  lease_owner: string | null;
  /** Set once its attempts ran out; listed on /manage with a retry button. */
  dead_at: number | null;
  created_at: number;
}

interface RefColumns {
  id: Generated<number>;
  status: 'available' | 'pending' | 'rejected' | 'merged' | 'deleted';
  suggested_by: number | null;
  /** The survivor a duplicate was merged into (status 'merged'). */
  merged_into: Generated<number | null>;
  external_id: string | null;
  edited: Generated<number>;
  search_text: string;
  created_at: number;
}

export interface AirportsTable extends RefColumns {
  icao: string | null;
  iata: string | null;
  name_zh: string | null;
  name_en: string;
  city: string | null;
  country: string | null;
  city_zh: Generated<string | null>;
  /** Province or region for Chinese airports, the country in Chinese elsewhere. */
  region_zh: Generated<string | null>;
  /** More words the entry is found by (the full name 上海浦东国际机场), space-separated. */
  aliases: Generated<string | null>;
  /** Orders equally good search answers: 2 a large airport, 1 one with scheduled flights (or added by hand), 0 others. */
  prominence: Generated<number>;
}

export interface AirlinesTable extends RefColumns {
  icao: string | null;
  iata: string | null;
  name_zh: string | null;
  name_en: string;
  country: string | null;
  /** The short name people type and read (国航). */
  short_zh: Generated<string | null>;
  /** 0 for an airline that no longer flies (its codes may belong to another one now). */
  active: Generated<number>;
  /** Orders equally good search answers: 2 a curated airline, 1 another flying one (or added by hand), 0 a defunct one. */
  prominence: Generated<number>;
}

export interface AircraftTypesTable extends RefColumns {
  manufacturer_zh: string | null;
  manufacturer_en: string;
  type_name: string;
  variant: string | null;
  icao: string | null;
  /** The Chinese name where it is not the manufacturer and designation (新舟 60, 运-20). */
  name_zh: Generated<string | null>;
  aliases: Generated<string | null>;
}

export interface PhotosTable {
  id: Generated<number>;
  uploader_id: number;
  state: 'pending' | 'accepted' | 'rejected' | 'escalated' | 'appealed' | 'withdrawn' | 'deleted';
  queue: 'normal' | 'priority';
  registration: string;
  registration_key: string;
  msn: string | null;
  aircraft_type_id: number | null;
  airline_id: number | null;
  airport_id: number | null;
  /** The aircraft (set when accepted; null for NO-REG and for the few screeners must place). */
  airframe_id: Generated<number | null>;
  /** The livery it wears; null for the operator's standard one or unknown. */
  livery_id: Generated<number | null>;
  in_flight: number;
  taken_on: string;
  categories: Json<string[]>;
  remark: string | null;
  message_to_screener: string | null;
  watermark: Json<Watermark> | null;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  phash: string;
  thumbhash: string;
  exif: Json<ExifSummary>;
  checks: Json<PhotoChecks>;
  original_key: string | null;
  rendition_hash: string | null;
  renditions: Json<StoredRendition[]>;
  views: Generated<number>;
  likes: Generated<number>;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  /** IP属地 of the upload (issue 38), never the address. */
  ip_region: Generated<string | null>;
  /** The aircraft's Mode S address as the member gave it (issue 39): its airframe learns it on acceptance. */
  mode_s: Generated<string | null>;
  /** 1 while waiting when its aircraft has no accepted photo yet: it would be 首张, and is screened first. */
  first_candidate: Generated<number>;
}

export interface ScreeningEventsTable {
  id: Generated<number>;
  photo_id: number;
  actor_id: number | null;
  from_state: string | null;
  to_state: string;
  reasons: Json<string[]>;
  message: string | null;
  /** Column → [before, after] for facts changed by this step (answers name them by field, see photos/facts.ts). */
  facts: Generated<Json<Record<string, [unknown, unknown]>>>;
  created_at: number;
}

export interface ScreeningLocksTable {
  photo_id: number;
  holder_id: number;
  taken_at: number;
  expires_at: number;
}

export interface AppealsTable {
  id: Generated<number>;
  photo_id: number;
  user_id: number;
  note: string;
  state: 'open' | 'upheld' | 'overturned' | 'withdrawn';
  rejected_by: number | null;
  decided_by: number | null;
  created_at: number;
  decided_at: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  photo_id: number | null;
  title: string;
  body: string;
  created_at: number;
  read_at: number | null;
  mailed_at: number | null;
}

export interface NotificationDigestsTable {
  user_id: number;
  last_sent_at: number;
}

export interface UploadIntentsTable {
  id: Generated<number>;
  keys: Json<string[]>;
  lease_until: number;
  created_at: number;
}

export interface PhotoCategoriesTable {
  photo_id: number;
  category: string;
}

/** SQLite: an FTS5 table whose rowid is the photo id; PostgreSQL: photo_id + a tsvector. */
/** A member's follow (issue 23); `muted` is 0 or 1. */
export interface FollowsTable {
  id: Generated<number>;
  user_id: number;
  kind: FollowKind;
  target: string;
  label: string;
  mail: FollowMail;
  muted: number;
  created_at: number;
  /** A saved search's anchor (follows/search-anchor.ts); null until the fan-out sets it. */
  anchor: Generated<string | null>;
}
export type FollowRow = Selectable<FollowsTable>;

/** Photo of the week: one per week (its Monday, Beijing time), a photo at most once. */
export interface PhotosOfWeekTable {
  week: string;
  photo_id: number;
  comment: string;
  picked_by: number | null;
  picked_at: number;
}

/** An accepted photo whose followers are still being told (the `follow-fanout` job). */
export interface FollowFanoutsTable {
  photo_id: number;
  queued_at: number;
  phase: number;
  after_id: number;
}

export interface FollowDigestsTable {
  user_id: number;
  last_sent_at: number;
}

export interface PhotoSearchTable {
  photo_id: number;
  rowid: number;
  doc: string;
}

export interface GalleryStateTable {
  id: number;
  version: number;
}

export interface LookupVersionsTable {
  name: 'reference' | 'usernames';
  version: number;
}

/** Which curated reference data a database holds (`reference.import.ts`). */
export interface ReferenceImportsTable {
  name: string;
  digest: string;
  imported_at: number;
}

/** How far the walk re-indexing photos after a reference import got (one row, id 1). */
export interface SearchReindexTable {
  id: number;
  for_import: number;
  after_id: number;
  until_id: number;
}

/** One aircraft across its registrations and operators (issue 22); its history is its photos'. */
export interface AirframesTable {
  id: Generated<number>;
  aircraft_type_id: number | null;
  msn: string | null;
  /** The MSN as compared (`msnKey`): upper case, no spaces. */
  msn_key: string | null;
  line_number: string | null;
  built_year: number | null;
  status: Generated<AirframeStatus>;
  /** Set once merged into another: links to this one lead there. */
  merged_into: Generated<number | null>;
  /** Mode S address, six lower-case hex digits (issue 39); an N-number's follows from the registration. */
  mode_s: Generated<string | null>;
  /** Its 首张: the accepted photo decided first (issue 39), null while it has none. */
  first_photo_id: Generated<number | null>;
  /** The registration and operator it has now: its newest accepted photo's, or a fleet list's (issue 39). */
  registration: Generated<string | null>;
  airline_id: Generated<number | null>;
  /** Its accepted photos: how many, and the first and last day taken (issue 39's fleets). */
  photo_count: Generated<number>;
  first_taken_on: Generated<string | null>;
  last_taken_on: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

/** A named paint scheme of an operator (熊猫涂装, 星空联盟涂装). */
export interface LiveriesTable {
  id: Generated<number>;
  airline_id: number | null;
  name_zh: string;
  name_en: string | null;
  /** Names as searched (folded, with pinyin), like the reference data's. */
  search_text: string;
  created_at: number;
}

/** How far the walk linking photos accepted before airframes existed got (one row, id 1). */
export interface AirframeLinkTable {
  id: number;
  after_taken_on: string;
  after_id: number;
  /** 0: photos with an MSN, 1: photos without, 2: done. */
  phase: number;
}

export interface LikesTable {
  photo_id: number;
  user_id: number;
  created_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  photo_id: number | null;
  reason: string;
  contact: string;
  body: string;
  created_at: number;
  read_at: number | null;
  /** A screener hid it after a report (issue 38): it leaves the recipient's inbox. */
  hidden_at: number | null;
}

/** 举报 (issue 38): one member's report of a photo, a member or a message; open until a screener decides. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'photo' | 'member' | 'message';
  target_id: number;
  reason: string;
  body: string;
  state: 'open' | 'upheld' | 'dismissed';
  /** What a screener did: `withheld`, `hidden`, `handled` or `dismissed`. */
  outcome: string | null;
  created_at: number;
  resolved_by: number | null;
  resolved_at: number | null;
}

/** 我的目击 (issue 39): a member saw a registration on a day; private unless `public`. */
export interface SightingsTable {
  id: Generated<number>;
  user_id: number;
  registration: string;
  /** The aircraft flying the registration when it was logged, when exactly one did. */
  airframe_id: number | null;
  seen_on: string;
  airport_id: number | null;
  note: string;
  public: number;
  created_at: number;
}

/** 收藏 (issue 39): a member's collection of photos; private unless `public`. */
export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  public: number;
  created_at: number;
  updated_at: number;
}

export interface CollectionPhotosTable {
  id: Generated<number>;
  collection_id: number;
  photo_id: number;
  added_at: number;
}

/** A photo's views on one day (the site's day): statistics and 今日热门 (issue 39). */
export interface PhotoViewsDailyTable {
  day: string;
  photo_id: number;
  views: number;
}

export interface VotesTable {
  id: Generated<number>;
  photo_id: number;
  opened_by: number;
  reason: string;
  state: 'open' | 'closed' | 'cancelled';
  /** Sum of the ballots at closing. */
  net: number | null;
  opened_at: number;
  closes_at: number;
  closed_at: number | null;
  cancelled_by: number | null;
}

export interface BallotsTable {
  vote_id: number;
  user_id: number;
  value: number;
  cast_at: number;
}

export interface NotamsTable {
  id: Generated<number>;
  title: string;
  content: string;
  published: number;
  starts_at: number | null;
  ends_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** How many accepted photos a single filter finds (migration 2026-11-28-03): kind `all`, `featured` (key ''), `airline`, `airport`, `type`, `user` (the id), `category`. */
export interface GalleryCountsTable {
  kind: string;
  key: string;
  n: number;
}

/** What an accepted photo is counted under in gallery_counts, so a change moves its counts once. */
export interface GalleryCountedTable {
  photo_id: number;
  airline_id: number | null;
  airport_id: number | null;
  aircraft_type_id: number | null;
  uploader_id: number;
  featured: number;
  /** The photo's categories, as on the photo. */
  categories: Json<string[]>;
}

export interface Database {
  votes: VotesTable;
  ballots: BallotsTable;
  notams: NotamsTable;
  airports: AirportsTable;
  airlines: AirlinesTable;
  aircraft_types: AircraftTypesTable;
  photos: PhotosTable;
  screening_events: ScreeningEventsTable;
  reports: ReportsTable;
  sightings: SightingsTable;
  collections: CollectionsTable;
  collection_photos: CollectionPhotosTable;
  photo_views_daily: PhotoViewsDailyTable;
  phone_codes: PhoneCodesTable;
  screening_locks: ScreeningLocksTable;
  appeals: AppealsTable;
  notifications: NotificationsTable;
  notification_digests: NotificationDigestsTable;
  follows: FollowsTable;
  photos_of_week: PhotosOfWeekTable;
  follow_fanouts: FollowFanoutsTable;
  follow_digests: FollowDigestsTable;
  photo_categories: PhotoCategoriesTable;
  photo_search: PhotoSearchTable;
  gallery_counts: GalleryCountsTable;
  gallery_counted: GalleryCountedTable;
  gallery_state: GalleryStateTable;
  lookup_versions: LookupVersionsTable;
  reference_imports: ReferenceImportsTable;
  search_reindex: SearchReindexTable;
  airframes: AirframesTable;
  liveries: LiveriesTable;
  airframe_link: AirframeLinkTable;
  likes: LikesTable;
  messages: MessagesTable;
  upload_intents: UploadIntentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  site_settings: SiteSettingsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  job_runs: JobRunsTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type JobRow = Selectable<JobsTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
export type PhotoRow = Selectable<PhotosTable>;
/**
 * The columns of a photo a gallery card shows, with the sort keys its page's cursor is made of: a page
 * of cards reads no more of a photo's wide row (EXIF, checks, remark).
 */
export const CARD_COLUMNS = [
  'id',
  'registration',
  'aircraft_type_id',
  'airline_id',
  'airport_id',
  'uploader_id',
  'livery_id',
  'in_flight',
  'width',
  'height',
  'thumbhash',
  'rendition_hash',
  'renditions',
  'featured_at',
  'airframe_id',
  'taken_on',
  'views',
  'likes',
  'decided_at',
] as const satisfies readonly (keyof PhotoRow)[];
export type CardRow = Pick<PhotoRow, (typeof CARD_COLUMNS)[number]>;
export type NewPhoto = Insertable<PhotosTable>;
export type AirportRow = Selectable<AirportsTable>;
export type AirlineRow = Selectable<AirlinesTable>;
export type AircraftTypeRow = Selectable<AircraftTypesTable>;
export type AirframeRow = Selectable<AirframesTable>;
export type NewAirframe = Insertable<AirframesTable>;
export type NewLivery = Insertable<LiveriesTable>;
export type LiveryRow = Selectable<LiveriesTable>;
export type NewAirport = Insertable<AirportsTable>;
export type NewAirline = Insertable<AirlinesTable>;
export type NewAircraftType = Insertable<AircraftTypesTable>;
export type ScreeningEventRow = Selectable<ScreeningEventsTable>;
export type NewScreeningEvent = Insertable<ScreeningEventsTable>;
export type AppealRow = Selectable<AppealsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type VoteRow = Selectable<VotesTable>;
export type NotamRow = Selectable<NotamsTable>;
