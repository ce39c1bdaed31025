import { isValidEmail } from '@contract/limits';
import { MESSAGES, SHELL } from '@contract/texts';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from '../features/accounts/api/login.js';
import { useRequestPasswordReset } from '../features/accounts/api/request-password-reset.js';
import { canSendLogin } from '../features/accounts/login-check.js';
import { pageAfterLogin, setLoginDialogOpen, useLoginDialogOpen } from '../lib/login-dialog.js';
import { notice } from '../lib/notice.js';

// The [shell] login dialog (PRODUCT.md §2.5), drawn with the app's own few elements and part of the first
// load (issue 34, item 25): it opens with its fields, links and buttons usable at once, where Ant Design's
// dialog came a chunk later over grey boxes.

// A moment for the success notice to be read before the reload the shell asks for (§2.5).
const RELOAD_DELAY_MS = 600;
const EMAIL_RULE = `${MESSAGES.emailInvalid}：${MESSAGES.emailRule}`;

const close = () => setLoginDialogOpen(false);

/** A labelled field with the message of its rule under it, read out when it appears. */
function Field({ label, id, error, children }: { label: string; id: string; error: string | null; children: ReactNode }) {
  return (
    <div className={`dialog-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="dialog-field-error" id={`${id}-error`} role="alert">
        {error}
      </div>
    </div>
  );
}

/** The email's rules: required as it is typed; the address rule once the field is left, and on sending. */
const emailError = (value: string, full: boolean) =>
  value.trim() === '' ? SHELL.enterEmail : full && !isValidEmail(value.trim()) ? EMAIL_RULE : null;
const passwordError = (value: string) => (value === '' ? SHELL.enterPassword : null);

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const id = useId();
  const login = useLogin();
  // Busy from sending until the reload, not only while the request runs.
  const busy = login.isPending || login.isSuccess;
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<{ email: string | null; password: string | null }>({ email: null, password: null });

  // Enter in either field and the 登录 button both come here, valid or not: the shell's notice must
  // appear for an invalid form too, beside the field messages shown now.
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrors({ email: emailError(email, true), password: passwordError(password) });
    if (!canSendLogin(email, password)) {
      notice.warning(SHELL.enterEmailAndPassword);
      return;
    }
    try {
      await login.mutateAsync({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      // The shell reloads; a visitor a guard turned away loads the page they asked for instead.
      const next = pageAfterLogin();
      setTimeout(() => (next ? window.location.assign(next) : window.location.reload()), RELOAD_DELAY_MS);
    } catch {
      // the action facility has shown the reason
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="login-form">
      <Field label="邮箱" id={`${id}-email`} error={errors.email}>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          maxLength={254}
          aria-invalid={errors.email !== null}
          aria-describedby={`${id}-email-error`}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((v) => ({ ...v, email: emailError(e.target.value, false) }));
          }}
          onBlur={() => email !== '' && setErrors((v) => ({ ...v, email: emailError(email, true) }))}
          data-testid="login-email"
        />
      </Field>
      <Field label="密码" id={`${id}-password`} error={errors.password}>
        <span className="input-with-button">
          <input
            id={`${id}-password`}
            className="input"
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            maxLength={1024}
            aria-invalid={errors.password !== null}
            aria-describedby={`${id}-password-error`}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((v) => ({ ...v, password: passwordError(e.target.value) }));
            }}
            data-testid="login-password"
          />
          <button
            type="button"
            className="link"
            aria-pressed={shown}
            aria-label={shown ? '隐藏密码' : '显示密码'}
            onClick={() => setShown(!shown)}
          >
            {shown ? '隐藏' : '显示'}
          </button>
        </span>
      </Field>
      <div className="dialog-actions">
        <button type="button" className="link" onClick={onForgot}>
          {SHELL.forgotPassword}
        </button>
        <span style={{ flex: 1 }} />
        <button
          type="button"
          className="btn"
          onClick={() => {
            close();
            void navigate('/register');
          }}
        >
          {SHELL.register}
        </button>
        <button type="submit" className="btn btn-primary" aria-busy={busy} disabled={busy}>
          {SHELL.login}
        </button>
      </div>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const id = useId();
  const reset = useRequestPasswordReset();
  const done = reset.isSuccess;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // On failure the action facility has shown the reason.
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const missing = email.trim() === '' ? SHELL.enterEmail : null;
    setError(missing);
    if (!missing && !reset.isPending) reset.mutate(email.trim());
  };
  return (
    <form noValidate onSubmit={submit} data-testid="forgot-form">
      <p>输入注册时使用的邮箱，我们会发送一封包含重置链接的邮件（1 小时内有效）。</p>
      <Field label="邮箱" id={`${id}-email`} error={error}>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          maxLength={254}
          disabled={done}
          aria-invalid={error !== null}
          aria-describedby={`${id}-email-error`}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(e.target.value.trim() === '' ? SHELL.enterEmail : null);
          }}
        />
      </Field>
      <div className="dialog-actions" style={{ justifyContent: 'space-between' }}>
        <button type="button" className="btn" onClick={onBack}>
          返回登录
        </button>
        <button type="submit" className="btn btn-primary" aria-busy={reset.isPending} disabled={done || reset.isPending}>
          发送重置邮件
        </button>
      </div>
    </form>
  );
}

/** Tab and Shift+Tab go round the dialog's own controls; Escape closes it. */
function keepFocusInside(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key === 'Escape') {
    e.stopPropagation();
    close();
    return;
  }
  if (e.key !== 'Tab') return;
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('input:not(:disabled), button:not(:disabled)')];
  const [first, last] = [focusable[0], focusable[focusable.length - 1]];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function LoginDialog() {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const titleId = useId();
  // What had the focus before the dialog took it (read while rendering: the email field takes it on mounting).
  const [opener] = useState(() => document.activeElement);
  // The page under it does not scroll; focus goes back where it was when the dialog closes.
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <div className="dialog-mask" onClick={close}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={keepFocusInside}
        data-testid="login-dialog"
      >
        <div className="dialog-head">
          <div className="dialog-title" id={titleId}>
            {view === 'login' ? SHELL.loginTitle : SHELL.forgotPassword}
          </div>
          <button type="button" className="dialog-close" aria-label="关闭" onClick={close}>
            ×
          </button>
        </div>
        {view === 'login' ? <LoginForm onForgot={() => setView('forgot')} /> : <ForgotForm onBack={() => setView('login')} />}
      </div>
    </div>
  );
}

/** The login dialog while it is open (anything may open it: lib/login-dialog.ts). */
export function LoginDialogHost() {
  return useLoginDialogOpen() ? <LoginDialog /> : null;
}
