// Lets the api client send the user to another route without importing the router (imports flow
// lib → features → app). The app registers the router's navigate at start-up.
export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, opts?: NavigateOptions) => void;

let navigateImpl: Navigate | null = null;
// An answer that comes before the router exists (the start-up session check refused as suspended)
// waits for it: a full-page load here would race the router's first navigation, which could win.
let pending: { to: string; opts?: NavigateOptions } | null = null;

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
  if (pending) {
    const { to, opts } = pending;
    pending = null;
    fn(to, opts);
  }
}

export function navigateTo(to: string, opts?: NavigateOptions): void {
  if (navigateImpl) navigateImpl(to, opts);
  else pending = { to, opts };
}

/** Where a member verifies their phone (实名验证, issue 38): their settings, opened at the phone. */
export const verifyPhonePath = (userId: number) => `/user/${userId}?settings=phone`;
