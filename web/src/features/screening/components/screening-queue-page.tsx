import { SCREENING_TABS, type QueueCounts, type QueueRow, type ScreeningTab } from '@contract/screening';
import { Button, Empty, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { useScreeningQueue } from '../api/get-queue.js';
import { useScreeningStats } from '../api/get-stats.js';
import { formatRate, TAB_NAMES } from '../lib/texts.js';
import { useOpenNext } from '../lib/use-open-next.js';
import { EventLine } from './history-list.js';
import { registrationText } from './photo-details.js';
import './screening.css';

const COUNTED: Partial<Record<ScreeningTab, keyof QueueCounts>> = {
  normal: 'normal',
  priority: 'priority',
  escalated: 'escalated',
  appeals: 'appeals',
};

function ageText(days: number): string {
  if (days < 1 / 24) return '刚刚上传';
  if (days < 1) return `等待 ${Math.floor(days * 24)} 小时`;
  return `等待 ${Math.floor(days)} 天`;
}

function Stats() {
  const { data } = useScreeningStats();
  if (!data) return null;
  const { mine, team } = data;
  const cells: [string, number, boolean?][] = [
    ['我今天', mine.today],
    ['我近 30 天', mine.last30Days],
    ['我累计', mine.allTime],
    ['全站待审', team.waiting],
    ['超过 7 天', team.overdue, team.overdue > 0],
  ];
  return (
    <div className="screen-stats" data-testid="screen-stats">
      {cells.map(([label, n, alarm]) => (
        <div key={label} className={alarm ? 'stat overdue' : 'stat'}>
          <b>{n}</b>
          <span className="muted">{label}</span>
        </div>
      ))}
    </div>
  );
}

function Row({ row, tab }: { row: QueueRow; tab: ScreeningTab }) {
  const { photo, uploader, lock, lastEvent, appeal } = row;
  return (
    <Link to={`/screen/photo/${photo.id}`} className="queue-item screen-row" data-testid="screen-row">
      <PhotoThumb
        thumbhash={photo.thumbhash}
        width={photo.width}
        height={photo.height}
        renditions={photo.renditions}
        alt={photo.registration}
        size={180}
      />
      <div className="facts">
        <h3>
          {registrationText(photo.registration)}
          {photo.aircraftType && <span className="muted"> · {photo.aircraftType.label}</span>}
        </h3>
        <p>
          {[photo.airline?.label, photo.inFlight ? '空中拍摄' : photo.airport?.label, photo.takenOn].filter(Boolean).join(' · ')}
        </p>
        <p className="muted">
          {uploader.username} · {formatRate(uploader.acceptanceRate, uploader.decided)}
        </p>
        {tab !== 'decided' && (
          <p className="row-tags">
            <span className={row.overdue ? 'age overdue' : 'age'} data-testid="age">
              {ageText(row.ageDays)}
            </span>
            {photo.queue === 'priority' && <Tag color="gold">优先</Tag>}
            {photo.firstCandidate && (
              <Tag color="green" data-testid="first-candidate">
                首张
              </Tag>
            )}
            {lock && (
              <Tag color={lock.mine ? 'blue' : 'orange'} data-testid="lock-holder">
                {lock.mine ? '我正在审核' : `${lock.holder.username} 审核中`}
              </Tag>
            )}
          </p>
        )}
        {appeal && tab === 'appeals' && <p className="pre-line">申诉理由：{appeal.note}</p>}
        {lastEvent && (
          <div className="row-event">
            <EventLine event={lastEvent} photo={photo} />
          </div>
        )}
      </div>
    </Link>
  );
}

function QueueList({ tab }: { tab: ScreeningTab }) {
  const queue = useScreeningQueue(tab);
  if (queue.isPending) return <div className="route-loading">加载中…</div>;
  if (!queue.data) return null;
  const rows = queue.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <Empty description={tab === 'decided' ? '还没有审核记录' : '这个队列是空的'} />;
  return (
    <>
      <div className="queue-list">
        {rows.map((row) => (
          <Row key={`${row.photo.id}-${row.lastEvent?.id ?? ''}`} row={row} tab={tab} />
        ))}
      </div>
      {queue.hasNextPage && (
        <p className="load-more">
          <Button onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
            加载更多
          </Button>
        </p>
      )}
    </>
  );
}

function ScreeningQueue() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ScreeningTab = SCREENING_TABS.find((t) => t === asked) ?? 'normal';
  // The counts come with every page of any tab; the current tab's first page is the freshest.
  const counts = useScreeningQueue(tab).data?.pages[0]?.counts;
  const next = useOpenNext();

  return (
    <div className="screen-queue">
      <div className="panel">
        <div className="screen-queue-head">
          <h1>审图队列</h1>
          <Button type="primary" size="large" onClick={next.open} loading={next.pending} data-testid="start-screening">
            开始审图
          </Button>
        </div>
        <Stats />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={SCREENING_TABS.map((t) => {
          const counted = COUNTED[t];
          return {
            key: t,
            label: (
              <span data-testid={`tab-${t}`}>
                {TAB_NAMES[t]}
                {counted && counts && <span className="tab-count">{counts[counted]}</span>}
              </span>
            ),
          };
        })}
      />
      <QueueList tab={tab} />
    </div>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <ScreeningQueue />
    </AntdProvider>
  );
}
