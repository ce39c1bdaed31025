import type { Notam } from '@contract/manage';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useCurrentNotam } from '../../../lib/current-notam.js';
import { usePageLoaded } from '../../../lib/page-loaded.js';
import { acknowledge, isAcknowledged } from '../lib/notam-ack.js';

// The dialog's code is fetched only once there is a NOTAM to show; a failed fetch shows nothing
// rather than breaking the home page.
type DialogProps = { notam: Notam; onClose: (acknowledged: boolean) => void };
const NotamDialog = lazy((): Promise<{ default: ComponentType<DialogProps> }> =>
  import('./notam-dialog.js').catch(() => ({ default: () => null })),
);

// Closed with Esc: not acknowledged, so it comes back on the next load of the site, not on this one.
const dismissed = new Set<number>();

/** The current NOTAM as a dialog, once per id per browser (§3.1). */
export function NotamNotice() {
  const { data } = useCurrentNotam(usePageLoaded());
  const [closed, setClosed] = useState<number | null>(null);
  const notam = data?.notam;
  if (!data) return null;
  // Checked, nothing to show: said in the page so that a test can tell "no dialog" from "not yet".
  if (!notam || closed === notam.id || dismissed.has(notam.id) || isAcknowledged(notam.id)) {
    return <span hidden data-testid="notam-checked" />;
  }
  const close = (ack: boolean) => {
    if (ack) acknowledge(notam.id);
    else dismissed.add(notam.id);
    setClosed(notam.id);
  };
  return (
    <Suspense fallback={null}>
      <NotamDialog notam={notam} onClose={close} />
    </Suspense>
  );
}
