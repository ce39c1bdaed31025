import type { PhotoRow } from '../../db/schema.js';
import { fromJson } from '../../db/json.js';
import type { GalleryFilter } from '../gallery/gallery.service.js';

// Issue 37: an accepted photo's saved searches are no longer every saved search on the site, each run
// as a gallery query. Each saved search keeps one key its every match must carry (its anchor, the
// most selective of its filters); a photo lists the keys it carries (`photoKeys`), and only the saved
// searches anchored on one of them (or on nothing, ANY) are asked, through an index, then checked in
// full. A search whose filters name nothing a photo carries as a key (a date range alone, an MSN, a
// one- or two-letter prefix) is anchored on ANY and asked for every photo.

export const ANY = '*';
/** A prefix token is anchored on its first letters: a photo's words carry theirs. */
const PREFIX_LETTERS = 3;
const ANCHOR_MAX = 120;

/** The key a saved search's every match carries: its most selective filter's. */
export function anchorOf(f: GalleryFilter | null): string {
  if (f === null) return ANY;
  const whole = f.tokens?.filter((t) => !t.prefix).sort((a, b) => b.text.length - a.text.length)[0];
  const prefix = f.tokens?.find((t) => t.prefix && [...t.text].length >= PREFIX_LETTERS);
  const key =
    (f.registrationKey !== undefined && `reg:${f.registrationKey}`) ||
    (f.airframeId !== undefined && `airframe:${f.airframeId}`) ||
    (f.liveryId !== undefined && `livery:${f.liveryId}`) ||
    (whole && `word:${whole.text}`) ||
    (f.typeId !== undefined && `type:${f.typeId}`) ||
    (prefix && `pre:${[...prefix.text].slice(0, PREFIX_LETTERS).join('')}`) ||
    (f.airlineId !== undefined && `airline:${f.airlineId}`) ||
    (f.airportId !== undefined && `airport:${f.airportId}`) ||
    (f.uploaderId !== undefined && `user:${f.uploaderId}`) ||
    (f.category !== undefined && `cat:${f.category}`) ||
    (f.featured === true && 'featured') ||
    ANY;
  return key.length > ANCHOR_MAX ? ANY : key;
}

/** Every key an accepted photo carries: its facts, and each word of its search document (`words`). */
export function photoKeys(photo: PhotoRow, words: string[]): string[] {
  const keys = new Set<string>([`reg:${photo.registration_key}`, `user:${photo.uploader_id}`]);
  if (photo.airframe_id !== null) keys.add(`airframe:${photo.airframe_id}`);
  if (photo.livery_id !== null) keys.add(`livery:${photo.livery_id}`);
  if (photo.aircraft_type_id !== null) keys.add(`type:${photo.aircraft_type_id}`);
  if (photo.airline_id !== null) keys.add(`airline:${photo.airline_id}`);
  if (photo.airport_id !== null) keys.add(`airport:${photo.airport_id}`);
  for (const category of fromJson(photo.categories)) keys.add(`cat:${category}`);
  if (photo.featured_at !== null) keys.add('featured');
  for (const word of words) {
    keys.add(`word:${word}`);
    if ([...word].length >= PREFIX_LETTERS) keys.add(`pre:${[...word].slice(0, PREFIX_LETTERS).join('')}`);
  }
  return [...keys].filter((k) => k.length <= ANCHOR_MAX);
}
