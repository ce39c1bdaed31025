import type { Notification } from '@contract/screening';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/screening-texts.js';
import { useSession } from '../../../lib/use-session.js';
import { useInbox } from '../api/get-notifications.js';
import { useMarkAllRead } from '../api/mark-all-read.js';
import { MessagesInbox } from './messages-inbox.js';

/** Where a notification leads: the reasons of a rejection, the waiting queue, or the photo itself. */
function linkOf(n: Notification): { to: string; text: string } | null {
  if (n.photoId === null) return null;
  switch (n.kind) {
    case 'rejected':
    case 'appeal-upheld':
      return { to: '/queue/reject', text: '查看原因' };
    case 'escalated':
    case 'revoked':
      return { to: '/queue/upload', text: '查看待审队列' };
    case 'potw':
      return { to: '/potw', text: '查看每周图片' };
    default:
      return { to: `/photo/${n.photoId}`, text: '查看照片' };
  }
}

function Inbox({ userId }: { userId: number }) {
  const inbox = useInbox(userId);
  const markAll = useMarkAllRead();
  const pages = inbox.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unread ?? 0;
  return (
    <section className="inbox" id="inbox" aria-label="消息" data-testid="inbox">
      <div className="inbox-head">
        <h2>
          消息
          {unread > 0 && <span className="unread-badge">{unread}</span>}
        </h2>
        <button type="button" className="btn" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          全部标为已读
        </button>
      </div>
      {inbox.isPending ? (
        <p className="muted">加载中…</p>
      ) : items.length === 0 ? (
        <p className="muted">还没有消息</p>
      ) : (
        <ul className="inbox-list">
          {items.map((n) => {
            const link = linkOf(n);
            return (
              <li key={n.id} className={n.read ? 'read' : 'unread'} data-testid="notification">
                <div className="inbox-title">
                  <b>{n.title}</b>
                  <time className="muted" dateTime={new Date(n.createdAt).toISOString()}>
                    {formatTime(n.createdAt)}
                  </time>
                </div>
                <p className="inbox-body">{n.body}</p>
                {link && <Link to={link.to}>{link.text}</Link>}
              </li>
            );
          })}
        </ul>
      )}
      {inbox.hasNextPage && (
        <button type="button" className="btn" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
          加载更多
        </button>
      )}
    </section>
  );
}

/** The inbox on the member's own user page (the app puts it there; another member's page has none):
 * screening notifications and members' messages. */
export function Component() {
  const session = useSession();
  if (!session) return null;
  return (
    <>
      <Inbox userId={session.id} />
      <MessagesInbox userId={session.id} />
    </>
  );
}
