import { LEVELS } from '@contract/limits';
import { MANAGE_MESSAGES, type FailedJob, type ManageSummary } from '@contract/manage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub.js';
import { NOW } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import { Component as ManagePage } from './manage-page.js';

const SUMMARY: ManageSummary = {
  queues: { normal: { waiting: 3, olderThan7Days: 0 }, priority: { waiting: 1, olderThan7Days: 0 } },
  decisionsToday: 5,
  openVotes: 0,
  openReports: 2,
  pendingSuggestions: { airports: 0, airlines: 1, aircraftTypes: 0 },
  can: { manageUsers: false, manageSite: false, jobs: false, importFleets: false },
};
const DEAD: FailedJob = {
  id: 41,
  kind: 'mail',
  label: '发送邮件',
  attempts: 10,
  lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
  retryAt: null,
  deadAt: NOW,
  createdAt: NOW - 86_400_000,
};
const FAILED: FailedJob = {
  ...DEAD,
  id: 42,
  kind: 'follow-fanout',
  label: '通知关注者',
  attempts: 2,
  retryAt: NOW + 60_000,
  deadAt: null,
};

function open(permission: number) {
  signIn({ id: 1, username: '站长', permission });
  const admin = permission >= LEVELS.admin;
  let jobs = [DEAD, FAILED];
  const api = stubApi({
    'GET /manage/summary': {
      body: { ...SUMMARY, can: { manageUsers: admin, manageSite: admin, jobs: admin, importFleets: admin } },
    },
    'GET /manage/jobs': () => ({ body: { items: jobs } }),
    [`POST /manage/jobs/${DEAD.id}/retry`]: () => {
      jobs = jobs.filter((j) => j.id !== DEAD.id);
      return { body: { message: MANAGE_MESSAGES.jobRetried } };
    },
  });
  renderPage(ManagePage, { path: '/manage', url: '/manage' });
  return { api, user: userEvent.setup() };
}

describe('the management dashboard’s background jobs', () => {
  it('lists failed and stopped jobs for an administrator, in Chinese, and retries one', async () => {
    const { api, user } = open(LEVELS.admin);
    const dead = within(await screen.findByTestId(`job-${DEAD.id}`));
    expect(dead.getByText('发送邮件')).toBeDefined();
    expect(dead.getByText(/^已停止（/)).toBeDefined();
    expect(dead.getByText('已尝试 10 次')).toBeDefined();
    expect(dead.getByText(DEAD.lastError)).toBeDefined();
    expect(within(screen.getByTestId(`job-${FAILED.id}`)).getByText(/^将于 .+ 重试$/)).toBeDefined();
    await user.click(dead.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByTestId(`job-${DEAD.id}`)).toBeNull());
    expect(api.sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/manage/jobs/${DEAD.id}/retry`]);
    expect(await screen.findByText(MANAGE_MESSAGES.jobRetried)).toBeDefined();
  });

  it('is not shown to a screener, who is never sent to ask for it', async () => {
    const { api } = open(LEVELS.screener);
    await screen.findByTestId('tile-normal');
    await waitFor(() => expect(api.sent.some((r) => r.path === '/manage/summary')).toBe(true));
    expect(screen.queryByTestId('failed-jobs')).toBeNull();
    expect(api.sent.some((r) => r.path === '/manage/jobs')).toBe(false);
  });
});
