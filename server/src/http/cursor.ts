import { MAX_ID } from '../../../contract/limits.js';
import { badRequest } from '../shared/errors.js';

export const invalidCursor = () => badRequest('无效的分页参数', [{ path: ['cursor'], message: '无效的分页参数' }]);

/** A page cursor that is the last id seen: digits within the 32-bit id range, or 400 (never a query error). */
export function idCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  if (!/^\d{1,10}$/.test(cursor) || Number(cursor) > MAX_ID) throw invalidCursor();
  return Number(cursor);
}
