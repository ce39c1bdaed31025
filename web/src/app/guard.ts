import { SHELL } from '@contract/texts';
import { redirect } from 'react-router';
import { refreshSession } from '../lib/api.js';
import { openLoginDialogFor } from '../lib/login-dialog.js';
import { notice } from '../lib/notice.js';
import { clearSession, isExpired, readSession } from '../lib/session.js';

/**
 * The route guard of §2.2, as a loader: no session, then expired session, then level too low. A
 * visitor without a (live) session is sent home with the login dialog open, and lands on the page
 * they asked for once signed in.
 */
export function requireLevel(level: number) {
  return ({ request }: { request: Request }) => {
    const session = readSession();
    const url = new URL(request.url);
    const asked = `${url.pathname}${url.search}`;
    if (!session) {
      notice.warning(SHELL.loginFirst);
      openLoginDialogFor(asked);
      return redirect('/');
    }
    if (isExpired(session)) {
      clearSession();
      notice.warning(SHELL.sessionExpired);
      openLoginDialogFor(asked);
      return redirect('/');
    }
    if (session.permission < level) {
      // The stored level may be older than the server's (a member promoted since signing in): ask
      // before refusing.
      return refreshSession().then(() => {
        if ((readSession()?.permission ?? -1) >= level) return null;
        notice.warning(SHELL.noPermission);
        return redirect('/');
      });
    }
    return null;
  };
}

/** `/register` for someone already signed in: their own page instead of a second account. */
export function redirectMember() {
  const session = readSession();
  return session && !isExpired(session) ? redirect(`/user/${session.id}`) : null;
}
