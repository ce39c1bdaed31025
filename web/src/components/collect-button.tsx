import { lazy, Suspense, useState } from 'react';
import { openLoginDialog } from '../lib/login-dialog.js';
import { useSession } from '../lib/use-session.js';

const CollectDialog = lazy(() => import('./collect-dialog.js'));

/**
 * 收藏 (issue 39) on a photo's page: a visitor gets the login dialog; a member picks the collections that
 * hold the photo, or makes a new one (the dialog's chunk and Ant Design fetched on the first click).
 */
export function CollectButton({ photoId }: { photoId: number }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => (session ? setOpen(true) : openLoginDialog())}
        data-testid="collect-button"
      >
        收藏
      </button>
      {open && session && (
        <Suspense fallback={null}>
          <CollectDialog userId={session.id} photoId={photoId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
