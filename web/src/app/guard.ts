import { SHELL } from '@contract/texts';
import { redirect } from 'react-router';
import { notice } from '../lib/notice.js';
import { clearSession, isExpired, readSession } from '../lib/session.js';

/** The route guard of §2.2, as a loader: no session, then expired session, then level too low. */
export function requireLevel(level: number) {
  return () => {
    const session = readSession();
    if (!session) {
      notice.warning(SHELL.loginFirst);
      return redirect('/');
    }
    if (isExpired(session)) {
      clearSession();
      notice.warning(SHELL.sessionExpired);
      return redirect('/');
    }
    if (session.permission < level) {
      notice.warning(SHELL.noPermission);
      return redirect('/');
    }
    return null;
  };
}

/** `/register` for someone already signed in: their own page instead of a second account. */
export function redirectMember() {
  const session = readSession();
  return session && !isExpired(session) ? redirect(`/user/${session.id}`) : null;
}
