import { useSyncExternalStore } from 'react';

// Whether the login dialog is open; the header, the narrow menu and any page may open it.
let open = false;
const listeners = new Set<() => void>();

export function setLoginDialogOpen(value: boolean): void {
  open = value;
  listeners.forEach((l) => l());
}

export const openLoginDialog = () => setLoginDialogOpen(true);

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
