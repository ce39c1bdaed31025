import type { FailedJob } from '@contract/manage';
import { localMinute } from '../../../lib/local-time.js';
import { useFailedJobs } from '../api/get-failed-jobs.js';
import { useRetryJob } from '../api/retry-job.js';

function JobRow({ job }: { job: FailedJob }) {
  const retry = useRetryJob();
  const state = job.deadAt !== null ? `已停止（${localMinute(job.deadAt)}）` : `将于 ${localMinute(job.retryAt ?? 0)} 重试`;
  return (
    <li className="failed-job" data-testid={`job-${job.id}`}>
      <div className="failed-job-head">
        <b>{job.label}</b>
        <span className={job.deadAt !== null ? 'overdue' : 'muted'}>{state}</span>
        <span className="muted">已尝试 {job.attempts} 次</span>
        <button type="button" className="btn-link" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
          {retry.isPending ? '正在安排…' : '重试'}
        </button>
      </div>
      <code className="failed-job-error">{job.lastError}</code>
    </li>
  );
}

/** Background jobs that failed and wait for their next try, and those that stopped trying (administrators). */
export function FailedJobs() {
  const { data, error } = useFailedJobs(true);
  return (
    <section data-testid="failed-jobs">
      <h2>后台任务</h2>
      {error && <p className="muted">后台任务暂时无法加载，请稍后刷新。</p>}
      {data && data.items.length === 0 && <p className="muted">没有失败的后台任务。</p>}
      {data && data.items.length > 0 && (
        <ul className="failed-jobs">
          {data.items.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}
