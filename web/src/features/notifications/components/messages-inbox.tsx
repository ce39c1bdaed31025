import { APPEAL_REASON, MESSAGE_REASONS } from '@contract/messages';
import { Link } from 'react-router';
import { ReportButton } from '../../../components/report-button.js';
import { formatTime } from '../../../lib/screening-texts.js';
import { useMessages } from '../api/get-messages.js';
import { useMarkMessagesRead } from '../api/mark-messages-read.js';

const reasonName = new Map<string, string>([...MESSAGE_REASONS, APPEAL_REASON].map((r) => [r.code, r.zh]));

/** What members wrote through `联系摄影师`: who, why, how to reach them, about which photo. */
export function MessagesInbox({ userId }: { userId: number }) {
  const inbox = useMessages(userId);
  const markAll = useMarkMessagesRead();
  const pages = inbox.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unread ?? 0;
  return (
    <section className="inbox" id="messages" aria-label="私信" data-testid="messages-inbox">
      <div className="inbox-head">
        <h2>
          私信
          {unread > 0 && <span className="unread-badge">{unread}</span>}
        </h2>
        <button type="button" className="btn" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          {/* Worded apart from the notifications' 全部标为已读 just above. */}
          私信全部已读
        </button>
      </div>
      {inbox.isPending ? (
        <p className="muted">加载中…</p>
      ) : items.length === 0 ? (
        <p className="muted">还没有私信。其他会员可以在你的图片页“联系摄影师”。</p>
      ) : (
        <ul className="inbox-list">
          {items.map((m) => (
            <li key={m.id} className={m.read ? 'read' : 'unread'} data-testid="message">
              <div className="inbox-title">
                <b>
                  {m.from.username} · {reasonName.get(m.reason) ?? m.reason}
                </b>
                <time className="muted" dateTime={new Date(m.createdAt).toISOString()}>
                  {formatTime(m.createdAt)}
                </time>
              </div>
              <p className="inbox-body">{m.body}</p>
              <div className="muted">
                联系方式：<span className="inbox-contact">{m.contact}</span>
                {m.photoId !== null && (
                  <>
                    {' · '}
                    <Link to={`/photo/${m.photoId}`}>查看图片</Link>
                  </>
                )}
                {' · '}
                <ReportButton targetType="message" targetId={m.id} label={`${m.from.username} 的消息`} className="btn-text" />
              </div>
            </li>
          ))}
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
