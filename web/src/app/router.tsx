import { LEVELS } from '@contract/limits';
import type { RouteObject } from 'react-router';
import { prefetchHome } from '../features/home/lib/prefetch-home.js';
import { uploadQueueQuery } from '../features/uploads/api/get-upload-queue.js';
import { myPhoneQuery } from '../lib/phone.js';
import { redirectMember, requireLevel } from './guard.js';
import { Layout } from './layout.js';
import { PageLoading } from './page-loading.js';
import { queryClient } from './providers.js';
import { RouteError } from './route-error.js';

type Lazy = RouteObject['lazy'];

// Every page is its own chunk (§2.1): the first load fetches the shell and the current page only.
const page = (load: () => Promise<{ Component: React.ComponentType }>): Lazy => load as Lazy;

/** How long a loader waits for the data its page shows first; past it, the page renders and waits itself. */
const DATA_WAIT_MS = 400;

/** null once `data` has come, failed, or DATA_WAIT_MS have passed. */
const awaitBriefly = (data: Promise<unknown>): Promise<null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), DATA_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve(null);
    };
    data.then(done, done);
  });

// Each page names the tab through `handle.title` ("上传 · 航迹", see layout.tsx).
const pages: RouteObject[] = [
  {
    path: '/',
    // The home page's data is asked for while its chunk loads: the hero (the LCP element) comes sooner.
    loader: () => {
      prefetchHome(queryClient);
      return null;
    },
    lazy: page(() => import('../features/home/components/home-page.js')),
  },
  {
    path: '/register',
    loader: redirectMember,
    handle: { title: '注册' },
    lazy: page(() => import('../features/accounts/components/register-page.js')),
  },
  {
    path: '/register/success',
    loader: requireLevel(LEVELS.member),
    handle: { title: '注册成功' },
    lazy: page(() => import('../features/accounts/components/register-success-page.js')),
  },
  { path: '/reset', handle: { title: '重置密码' }, lazy: page(() => import('../features/accounts/components/reset-page.js')) },
  {
    path: '/upload',
    // The slots the form shows, and whether a phone must be verified first, are awaited for a moment
    // at most before the page renders: its first render is then the form itself, or the phone's gate
    // (issue 34, item 24: the form came a round trip and a render later).
    loader: (args) => {
      const guard = requireLevel(LEVELS.member)(args);
      // A failure is the page's own query to report (the same request, shared).
      return guard === null
        ? awaitBriefly(Promise.all([queryClient.query(uploadQueueQuery), queryClient.query(myPhoneQuery)]))
        : guard;
    },
    handle: { title: '上传' },
    lazy: page(() => import('../features/uploads/components/upload-page.js')),
  },
  {
    path: '/queue/upload',
    loader: requireLevel(LEVELS.member),
    handle: { title: '待审队列' },
    lazy: page(() => import('../features/uploads/components/queue-upload-page.js')),
  },
  {
    path: '/queue/reject',
    loader: requireLevel(LEVELS.member),
    handle: { title: '我的退图' },
    lazy: page(() => import('../features/uploads/components/queue-reject-page.js')),
  },
  {
    path: '/following',
    loader: requireLevel(LEVELS.member),
    handle: { title: '关注' },
    lazy: page(() => import('../features/follows/components/following-page.js')),
  },
  {
    path: '/guide/upload',
    handle: { title: '上传指南' },
    lazy: page(() => import('../features/guides/components/upload-guide-page.js')),
  },
  {
    path: '/guide/standard',
    handle: { title: '审图标准' },
    lazy: page(() => import('../features/guides/components/standard-page.js')),
  },
  {
    path: '/rankings',
    handle: { title: '月度排行' },
    lazy: page(() => import('../features/rankings/components/rankings-page.js')),
  },
  {
    path: '/rankings/:month',
    handle: { title: '月度排行' },
    lazy: page(() => import('../features/rankings/components/rankings-page.js')),
  },
  { path: '/potw', handle: { title: '每周图片' }, lazy: page(() => import('../features/potw/components/potw-page.js')) },
  { path: '/api', handle: { title: '开放接口' }, lazy: page(() => import('../features/guides/components/api-page.js')) },
  { path: '/terms', handle: { title: '用户协议' }, lazy: page(() => import('../features/guides/components/terms-page.js')) },
  { path: '/photo/:id', handle: { title: '图片' }, lazy: page(() => import('../features/gallery/components/photo-page.js')) },
  {
    path: '/airframe/:id',
    handle: { title: '机身' },
    lazy: page(() => import('../features/airframes/components/airframe-page.js')),
  },
  {
    path: '/reg/:registration',
    handle: { title: '注册号' },
    lazy: page(() => import('../features/airframes/components/registration-page.js')),
  },
  {
    path: '/airline/:airline/fleet',
    handle: { title: '机队' },
    lazy: page(() => import('../features/airframes/components/fleet-page.js')),
  },
  {
    path: '/type/:type/fleet',
    handle: { title: '机队' },
    lazy: page(() => import('../features/airframes/components/fleet-page.js')),
  },
  {
    path: '/hex/:hex',
    handle: { title: 'Mode S 代码' },
    lazy: page(() => import('../features/airframes/components/mode-s-page.js')),
  },
  { path: '/livery/:id', handle: { title: '涂装' }, lazy: page(() => import('../features/airframes/components/livery-page.js')) },
  {
    path: '/collection/:id',
    handle: { title: '收藏夹' },
    lazy: page(() => import('../features/collections/components/collection-page.js')),
  },
  {
    path: '/user/:id',
    handle: { title: '用户主页' },
    lazy: page(() => import('../features/accounts/components/user-page.js')),
    // The inbox is the notifications feature's; the user page shows it on one's own page.
    children: [{ index: true, lazy: page(() => import('../features/notifications/components/inbox.js')) }],
  },
  {
    path: '/screen/queue',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '审图队列' },
    lazy: page(() => import('../features/screening/components/screening-queue-page.js')),
  },
  {
    path: '/screen/photo/:id',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '审图' },
    lazy: page(() => import('../features/screening/components/screening-photo-page.js')),
  },
  {
    path: '/manage/data',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '机场、航司与机型' },
    lazy: page(() => import('../features/reference-data/components/reference-data-page.js')),
  },
  {
    path: '/manage',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '管理概览' },
    lazy: page(() => import('../features/manage/components/manage-page.js')),
  },
  {
    path: '/manage/vote',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '编辑精选投票' },
    lazy: page(() => import('../features/votes/components/votes-page.js')),
  },
  {
    path: '/manage/reports',
    loader: requireLevel(LEVELS.screener),
    handle: { title: '举报处理' },
    lazy: page(() => import('../features/reports/components/reports-page.js')),
  },
  {
    path: '/manage/user',
    loader: requireLevel(LEVELS.admin),
    handle: { title: '用户管理' },
    lazy: page(() => import('../features/manage-users/components/manage-users-page.js')),
  },
  {
    path: '/manage/fleet-import',
    loader: requireLevel(LEVELS.admin),
    handle: { title: '导入机队名单' },
    lazy: page(() => import('../features/reference-data/components/fleet-import-page.js')),
  },
  {
    path: '/manage/notam',
    loader: requireLevel(LEVELS.admin),
    handle: { title: 'NOTAM 与维护模式' },
    lazy: page(() => import('../features/notams/components/notam-page.js')),
  },
  { path: '/about', handle: { title: '关于' }, lazy: page(() => import('../features/site/components/about-page.js')) },
  { path: '/search', handle: { title: '图库' }, lazy: page(() => import('../features/gallery/components/search-page.js')) },
  {
    path: '/AccountStop',
    handle: { title: '账号已被停用' },
    lazy: page(() => import('../features/site/components/account-stop-page.js')),
  },
  {
    path: '/maintenance',
    handle: { title: '系统维护中' },
    lazy: page(() => import('../features/site/components/maintenance-page.js')),
  },
  { path: '*', handle: { title: '页面不存在' }, lazy: page(() => import('../features/site/components/not-found-page.js')) },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // The header shows at once; the page's place says 加载中… until its chunk (and guard) ran.
    children: pages.map((route) => ({ HydrateFallback: PageLoading, ...route })),
  },
];
