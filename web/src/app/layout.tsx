import { SHELL } from '@contract/texts';
import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { Notices } from '../components/notices.js';
import { setNavigator } from '../lib/navigation.js';
import { Header } from './header.js';
import { LoginDialogHost } from './login-dialog-host.js';

export function Layout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  // The deepest route's `handle.title` names the page in the tab: "审图队列 · 航迹".
  const title = useMatches()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · 航迹` : '航迹 Contrail';
  }, [title]);
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="页面加载中" />}
      <Header />
      <main className="page" aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <footer className="footer">{SHELL.copyright}</footer>
      <Notices />
      <LoginDialogHost />
    </>
  );
}
