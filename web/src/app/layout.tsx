import { SHELL } from '@contract/texts';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { Notices } from '../components/notices.js';
import { useLoginDialogOpen } from '../lib/login-dialog.js';
import { setNavigator } from '../lib/navigation.js';
import { Header } from './header.js';

// Ant Design arrives with the dialog, on first open only.
const LoginDialog = lazy(() => import('./login-dialog.js'));

export function Layout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loginOpen = useLoginDialogOpen();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  // A route's `handle.title` names the page in the tab: "审图队列 · 航迹".
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} · 航迹` : '航迹 Contrail';
  }, [title]);
  return (
    <>
      <Header />
      <main className="page" aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <footer className="footer">{SHELL.copyright}</footer>
      <Notices />
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
    </>
  );
}
