import { useUnreadMessages } from '../api/get-messages.js';
import { useUnreadCount } from '../api/get-notifications.js';

/** The member's unread notifications and messages as a small count (nothing when there are none). */
export function UnreadBadge({ userId, className = '' }: { userId: number; className?: string }) {
  const notifications = useUnreadCount(userId).data ?? 0;
  const messages = useUnreadMessages(userId).data ?? 0;
  const unread = notifications + messages;
  if (!unread) return null;
  return (
    <span className={`unread-badge ${className}`} title={`${unread} 条未读消息`} data-testid="unread-badge">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
