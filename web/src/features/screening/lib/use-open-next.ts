import { useNavigate } from 'react-router';
import { notice } from '../../../lib/notice.js';
import { useClaimNext } from '../api/claim-next.js';

export const QUEUE_EMPTY = '队列已空';

/** Claims the next photo and opens it, or says the queue is empty. */
export function useOpenNext() {
  const claim = useClaimNext();
  const navigate = useNavigate();
  const open = () => {
    if (claim.isPending) return;
    claim.mutate(undefined, {
      onSuccess: ({ photoId }) => (photoId === null ? notice.info(QUEUE_EMPTY) : void navigate(`/screen/photo/${photoId}`)),
    });
  };
  return { open, pending: claim.isPending };
}
