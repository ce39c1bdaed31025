import { action } from '../../../lib/api.js';
import { clearSession } from '../../../lib/session.js';

/** Revokes the session on the server; the local session goes whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await action<{ message: string }>({ method: 'POST', path: '/user/logout' });
  } finally {
    clearSession();
  }
}
