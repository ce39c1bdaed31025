import { useUnreadCount } from '../api/get-notifications.js';

/** The member's unread notifications as a small count (nothing when there are none). */
export function UnreadBadge({ userId, className = '' }: { userId: number; className?: string }) {
  const { data: unread } = useUnreadCount(userId);
  if (!unread) return null;
  return (
    <span className={`unread-badge ${className}`} title={`${unread} 条未读消息`} data-testid="unread-badge">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
