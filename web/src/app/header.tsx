import { LEVELS } from '@contract/limits';
import { SHELL } from '@contract/texts';
import { useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { UnreadBadge } from '../features/notifications/components/unread-badge.js';
import { openLoginDialog, useLoginDialogOpen } from '../lib/login-dialog.js';
import { runtimeConfig } from '../lib/runtime-config.js';
import { useNarrow } from '../lib/use-narrow.js';
import { useSession } from '../lib/use-session.js';

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Menus remember the path they were opened on, so navigating closes them without an effect.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const [manageOpenAt, setManageOpenAt] = useState<string | null>(null);
  // On a phone the login dialog takes the whole screen: the menu under it closes.
  const loginOpen = useLoginDialogOpen();
  const menuOpen = menuOpenAt === location.pathname && !loginOpen;
  const narrow = useNarrow();
  const manageOpen = manageOpenAt === location.pathname;
  // The box shows the search being looked at (its q); what the reader types holds until the page changes.
  const here = `${location.pathname}${location.search}`;
  const pageQ = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [typed, setTyped] = useState<{ at: string; value: string } | null>(null);
  const q = typed?.at === here ? typed.value : pageQ;
  const aboutUrl = runtimeConfig().aboutUrl || '/about';
  const level = session?.permission ?? -1;

  const onSearch = (e: SubmitEvent) => {
    e.preventDefault();
    const term = q.trim();
    void navigate(term ? `/search?q=${encodeURIComponent(term)}` : '/search');
  };

  const openLogin = () => {
    setMenuOpenAt(null);
    openLoginDialog();
  };

  const userEntry = session ? (
    <Link className="user-entry" to={`/user/${session.id}`} data-testid="user-entry">
      {session.username}
    </Link>
  ) : (
    <button type="button" className="link user-entry" onClick={openLogin} data-testid="user-entry">
      {SHELL.loginOrRegister}
    </button>
  );

  // The same links inline (wide) and in the dropdown (735 px or less).
  const siteLinks = (
    <>
      <Link to="/search">{SHELL.gallery}</Link>
      <a href={aboutUrl} target="_blank" rel="noopener noreferrer">
        {SHELL.about}
      </a>
    </>
  );
  const memberLinks = (
    <>
      {session && <Link to="/upload">上传</Link>}
      {session && <Link to="/following">关注</Link>}
      {level >= LEVELS.screener && <Link to="/screen/queue">审图</Link>}
    </>
  );

  return (
    <header className="header">
      <div className="header-inner">
        <Link className="brand" to="/">
          <img src="/favicon.svg" alt="" />
          航迹 Contrail
        </Link>
        <form className="header-search" role="search" onSubmit={onSearch}>
          <input
            type="search"
            value={q}
            onChange={(e) => setTyped({ at: here, value: e.target.value })}
            placeholder={narrow ? '搜索注册号、机型' : '注册号、机型、航司、机场、摄影师'}
            aria-label="搜索图片"
          />
        </form>
        <nav className="nav" aria-label="主导航" data-testid="nav-inline">
          {siteLinks}
          {/* A member's links and name fill a box kept for them: a page rendered for visitors moves
              nothing when the session is read after hydration (issue 36). */}
          <div className="nav-member">
            {memberLinks}
            {level >= LEVELS.screener && (
              <div className="manage-menu">
                <button
                  type="button"
                  className="link"
                  aria-expanded={manageOpen}
                  onClick={() => setManageOpenAt(manageOpen ? null : location.pathname)}
                >
                  管理 ▾
                </button>
                {manageOpen && (
                  <div className="menu" role="menu">
                    <Link to="/manage">管理概览</Link>
                    <Link to="/manage/data">机场、航司与机型</Link>
                    <Link to="/manage/vote">编辑精选投票</Link>
                    {level >= LEVELS.admin && <Link to="/manage/user">用户管理</Link>}
                    {level >= LEVELS.admin && <Link to="/manage/notam">NOTAM 与维护</Link>}
                  </div>
                )}
              </div>
            )}
            {userEntry}
            {session && <UnreadBadge userId={session.id} />}
          </div>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          aria-label="菜单"
          aria-expanded={menuOpen}
          data-testid="menu-toggle"
          onClick={() => setMenuOpenAt(menuOpen ? null : location.pathname)}
        >
          <MenuIcon />
          {session && <UnreadBadge userId={session.id} className="on-toggle" />}
        </button>
      </div>
      {menuOpen && (
        <nav className="dropdown" aria-label="菜单" data-testid="nav-dropdown">
          {siteLinks}
          {memberLinks}
          {level >= LEVELS.screener && <Link to="/manage">管理</Link>}
          {userEntry}
          {session ? (
            <Link to={`/user/${session.id}`}>{SHELL.personalPage}</Link>
          ) : (
            <button type="button" className="link" onClick={openLogin}>
              {SHELL.personalPage}
            </button>
          )}
        </nav>
      )}
    </header>
  );
}
