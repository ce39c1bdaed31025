// Lets the api client send the user to another route without importing the router (imports flow
// lib → features → app). The app registers the router's navigate at start-up.
export interface NavigateOptions {
  replace?: boolean;
}

let navigateImpl: (to: string, opts?: NavigateOptions) => void = (to, opts) =>
  opts?.replace ? window.location.replace(to) : window.location.assign(to);

export function setNavigator(fn: (to: string, opts?: NavigateOptions) => void): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: NavigateOptions): void {
  navigateImpl(to, opts);
}
