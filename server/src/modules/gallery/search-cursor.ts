import type { SearchQuery } from '../../../../contract/gallery.js';
import { MAX_ID } from '../../../../contract/limits.js';
import type { CardRow } from '../../db/schema.js';
import { invalidCursor } from '../../http/cursor.js';
import type { SortKey } from './search.repository.js';

/** Opaque keyset cursors: base64url of [sort value, id], checked strictly on the way back in. */
export function encodeCursor(value: number | string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}
export function decodeCursor(cursor: string | undefined, sort: SearchQuery['sort']): SortKey | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [value, id] = parsed as unknown[];
  // Ids, views and likes are 32-bit columns on PostgreSQL: a larger number is a bad cursor, not a query.
  const inRange = (v: unknown, max: number) => Number.isSafeInteger(v) && Number(v) >= 0 && Number(v) <= max;
  const valueOk =
    sort === 'taken'
      ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      : inRange(value, sort === 'accepted' ? Number.MAX_SAFE_INTEGER : MAX_ID);
  if (!valueOk || !inRange(id, MAX_ID) || id === 0) throw invalidCursor();
  return { value: value as number | string, id: id as number };
}

/** The value of a photo's row a page in this sort is ordered by (its cursor's first half). */
export function sortValue(row: CardRow, sort: SearchQuery['sort']): number | string {
  return sort === 'taken' ? row.taken_on : sort === 'views' ? row.views : sort === 'likes' ? row.likes : (row.decided_at ?? 0);
}
