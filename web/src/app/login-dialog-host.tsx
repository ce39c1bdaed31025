import { SHELL } from '@contract/texts';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { setLoginDialogOpen, useLoginDialogOpen } from '../lib/login-dialog.js';

// The dialog brings Ant Design (about 130 KB compressed): never part of the first load, and not fetched
// behind a visitor's back either. It is fetched on intent — a pointer over, focus on or a touch of
// 登录/注册 — and until it has arrived a skeleton of the same dialog shows at once, so a click never
// waits in silence.
const load = () => import('./login-dialog.js');
const LazyDialog = lazy(load);
let Loaded: ComponentType | null = null;
let loading: Promise<void> | null = null;

/** Starts fetching the dialog's chunk; safe to call any number of times. */
export function preloadLoginDialog(): void {
  loading ??= load().then(
    (m) => {
      Loaded = m.default;
    },
    () => {
      loading = null; // offline for a moment: the next hover or click tries again
    },
  );
}

/** The login dialog's frame, drawn without Ant Design while the real one loads. */
function LoginDialogSkeleton() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setLoginDialogOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="dialog-mask" onClick={() => setLoginDialogOpen(false)}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-skeleton-title"
        aria-busy="true"
        data-testid="login-skeleton"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="dialog-title" id="login-skeleton-title">
          {SHELL.loginTitle}
        </div>
        <div className="skeleton-label">邮箱</div>
        <div className="skeleton-field" />
        <div className="skeleton-label">密码</div>
        <div className="skeleton-field" />
        <div className="dialog-actions">
          <button type="button" className="link" disabled>
            {SHELL.forgotPassword}
          </button>
          <span className="muted" style={{ flex: 1, textAlign: 'center' }}>
            正在加载…
          </span>
          <button type="button" className="btn" disabled>
            {SHELL.register}
          </button>
          <button type="button" className="btn btn-primary" disabled>
            {SHELL.login}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The skeleton first, the real dialog from the next task on: Ant Design's first render takes about a
 * tenth of a second, and the click should show something in the very next frame.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : <LoginDialogSkeleton />;
}

export function LoginDialogHost() {
  const open = useLoginDialogOpen();
  if (!open) return null;
  return (
    <AfterFirstPaint>
      {Loaded ? (
        <Loaded />
      ) : (
        <Suspense fallback={<LoginDialogSkeleton />}>
          <LazyDialog />
        </Suspense>
      )}
    </AfterFirstPaint>
  );
}
