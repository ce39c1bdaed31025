import { Link } from 'react-router';
import { useSummary } from '../api/get-summary.js';
import { FailedJobs } from './failed-jobs.js';
import './manage.css';

interface Tile {
  label: string;
  value: number | undefined;
  note?: string;
  alarm?: boolean;
  to: string;
  testId: string;
}

function TileLink({ tile }: { tile: Tile }) {
  return (
    <Link to={tile.to} className={tile.alarm ? 'manage-tile alarm' : 'manage-tile'} data-testid={tile.testId}>
      <b>{tile.value ?? '…'}</b>
      <span>{tile.label}</span>
      {tile.note && <small className={tile.alarm ? 'overdue' : 'muted'}>{tile.note}</small>}
    </Link>
  );
}

/** The management dashboard (level ≥ 1): what waits for the team, each figure a link to its page. */
export function Component() {
  const { data, error } = useSummary();
  const can = data?.can;
  const q = data?.queues;
  const s = data?.pendingSuggestions;
  const tiles: Tile[] = [
    {
      label: '普通队列待审',
      value: q?.normal.waiting,
      note: q && `超过 7 天：${q.normal.olderThan7Days}`,
      alarm: !!q && q.normal.olderThan7Days > 0,
      to: '/screen/queue?tab=normal',
      testId: 'tile-normal',
    },
    {
      label: '优先队列待审',
      value: q?.priority.waiting,
      note: q && `超过 7 天：${q.priority.olderThan7Days}`,
      alarm: !!q && q.priority.olderThan7Days > 0,
      to: '/screen/queue?tab=priority',
      testId: 'tile-priority',
    },
    { label: '今日已审', value: data?.decisionsToday, to: '/screen/queue?tab=decided', testId: 'tile-decided' },
    { label: '进行中的投票', value: data?.openVotes, to: '/manage/vote', testId: 'tile-votes' },
    { label: '待处理的举报', value: data?.openReports, to: '/manage/reports', testId: 'tile-reports' },
    {
      label: '待审核的建议',
      value: s && s.airports + s.airlines + s.aircraftTypes,
      note: s && `机场 ${s.airports} · 航司 ${s.airlines} · 机型 ${s.aircraftTypes}`,
      to: '/manage/data?tab=pending',
      testId: 'tile-suggestions',
    },
  ];
  return (
    <div className="manage-dashboard" data-testid="manage-dashboard">
      <h1>管理概览</h1>
      {error && <p className="muted">概览暂时无法加载，请稍后刷新。</p>}
      <div className="manage-tiles">
        {tiles.map((t) => (
          <TileLink key={t.testId} tile={t} />
        ))}
      </div>
      <h2>管理页面</h2>
      <ul className="manage-links">
        <li>
          <Link to="/screen/queue">审图队列</Link>
          <span className="muted">认领、审核、升级与申诉</span>
        </li>
        <li>
          <Link to="/manage/data">机场、航司与机型</Link>
          <span className="muted">搜索、新增、编辑、合并，审核会员的建议</span>
        </li>
        <li>
          <Link to="/manage/vote">编辑精选投票</Link>
          <span className="muted">发起投票、投票，查看结果</span>
        </li>
        {can?.manageUsers && (
          <li>
            <Link to="/manage/user">用户管理</Link>
            <span className="muted">等级、停用、队列名额、退出登录，操作记录</span>
          </li>
        )}
        {can?.manageSite && (
          <li>
            <Link to="/manage/notam">NOTAM 与维护模式</Link>
            <span className="muted">站点公告，全站维护开关</span>
          </li>
        )}
        {can?.importFleets && (
          <li>
            <Link to="/manage/fleet-import">导入机队名单</Link>
            <span className="muted">CSV 预览后导入，补上还没有照片的飞机</span>
          </li>
        )}
      </ul>
      {can?.jobs && <FailedJobs />}
    </div>
  );
}
