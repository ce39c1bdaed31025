import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate, useNavigation } from 'react-router';
import { Notices } from '../components/notices.js';
import { setNavigator } from '../lib/navigation.js';
import { usePageTitleOverride } from '../lib/page-title.js';
import { Header } from './header.js';
import { LoginDialogHost } from './login-dialog.js';
import { MaintenanceReminder } from './maintenance-reminder.js';
import { SiteFooter } from './site-footer.js';

export function Layout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => setNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  // The app runs: a server-rendered page has hydrated (its buttons answer from now on; tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  // The deepest route's `handle.title` names the page in the tab: "审图队列 · 航迹"; a page may name it
  // after what it shows (a photo's registration) once that is loaded.
  const routeTitle = useMatches()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  const title = usePageTitleOverride() ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} · 航迹` : '航迹 Contrail';
  }, [title]);
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="页面加载中" />}
      <Header />
      <MaintenanceReminder />
      <main className="page" aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <SiteFooter />
      <Notices />
      {/* New pages open at the top; back and forward return to where the reader was. */}
      <ScrollRestoration />
      <LoginDialogHost />
    </>
  );
}
