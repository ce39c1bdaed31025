import { useSyncExternalStore } from 'react';

// Whether the login dialog is open; the header, the narrow menu and any page may open it.
let open = false;
// Where a member lands once signed in from this opening of the dialog (null: the page they are on).
let next: string | null = null;
const listeners = new Set<() => void>();

export function setLoginDialogOpen(value: boolean): void {
  open = value;
  if (!value) next = null;
  listeners.forEach((l) => l());
}

export const openLoginDialog = () => setLoginDialogOpen(true);

/** Opens the dialog for a visitor a guard turned away from `path`, to land there once signed in. */
export function openLoginDialogFor(path: string): void {
  setLoginDialogOpen(true);
  next = path;
}

/** The page the dialog was opened for, if a guard opened it. */
export const pageAfterLogin = (): string | null => next;

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
