// Lets the api client send the user to another route without importing the router (imports flow
// lib → features → app). The app registers the router's navigate at start-up.
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(fn: (to: string) => void): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
