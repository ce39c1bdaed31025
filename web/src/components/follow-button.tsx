import type { FollowKind } from '@contract/follows';
import { storedTarget, useFollowChanges, useMyFollows } from '../lib/follows.js';
import { openLoginDialog } from '../lib/login-dialog.js';
import { useSession } from '../lib/use-session.js';

/**
 * 关注 / 已关注 for one target (a photographer's id, a registration, an entry's id, a search's query):
 * a visitor is asked to log in; a member follows or unfollows in one click.
 */
export function FollowButton({
  kind,
  target,
  label,
  className = '',
}: {
  kind: FollowKind;
  target: string;
  label?: string;
  className?: string;
}) {
  const session = useSession();
  const follows = useMyFollows(session?.id ?? null);
  const { follow, unfollow } = useFollowChanges();
  const stored = storedTarget(kind, target);
  const found = follows.data?.items.find((f) => f.kind === kind && f.target === stored);
  const busy = follow.isPending || unfollow.isPending;
  const onClick = () => {
    if (!session) return openLoginDialog();
    if (found) unfollow.mutate(found.id);
    else follow.mutate({ kind, target, ...(label ? { label } : {}) });
  };
  return (
    <button
      type="button"
      className={`follow-btn${found ? ' follow-btn-on' : ''} ${className}`}
      aria-pressed={!!found}
      disabled={busy}
      onClick={onClick}
      data-testid={`follow-${kind}`}
    >
      {found ? '已关注' : '+ 关注'}
    </button>
  );
}
