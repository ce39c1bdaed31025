import { apiBase } from '../../../lib/api-base.js';
import { readSession } from '../../../lib/session.js';

/** The private original as an object URL (it needs the bearer header, so no plain <a href>). */
export async function fetchOriginalUrl(id: number): Promise<string | null> {
  const session = readSession();
  const res = await fetch(`${apiBase()}/photos/${id}/original`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
}
