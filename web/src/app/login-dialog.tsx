import type { LoginRequest } from '@contract/accounts';
import { EMAIL_PATTERN } from '@contract/limits';
import { MESSAGES, SHELL } from '@contract/texts';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../components/antd-provider.js';
import { useLogin } from '../features/accounts/api/login.js';
import { useRequestPasswordReset } from '../features/accounts/api/request-password-reset.js';
import { canSendLogin } from '../features/accounts/login-check.js';
import { pageAfterLogin, setLoginDialogOpen } from '../lib/login-dialog.js';
import { notice } from '../lib/notice.js';

type LoginFields = Partial<LoginRequest>;

// A moment for the success notice to be read before the reload the shell asks for (§2.5).
const RELOAD_DELAY_MS = 600;

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [form] = Form.useForm<LoginFields>();
  const login = useLogin();
  // Busy from sending until the reload, not only while the request runs.
  const busy = login.isPending || login.isSuccess;
  const navigate = useNavigate();
  const close = () => setLoginDialogOpen(false);

  // Enter in either field and the 登录 button both come here, valid or not: the shell's notice
  // must appear for an invalid form too, beside the field messages the form has just shown.
  const submit = async () => {
    const { email = '', password = '' } = form.getFieldsValue();
    if (!canSendLogin(email, password)) {
      notice.warning(SHELL.enterEmailAndPassword);
      return;
    }
    try {
      await login.mutateAsync({ email: email.trim(), password });
      form.resetFields();
      // The shell reloads; a visitor a guard turned away loads the page they asked for instead.
      const next = pageAfterLogin();
      setTimeout(() => (next ? window.location.assign(next) : window.location.reload()), RELOAD_DELAY_MS);
    } catch {
      // the action facility has shown the reason
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()} onFinishFailed={() => void submit()}>
      <Form.Item
        label="邮箱"
        name="email"
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, message: SHELL.enterEmail },
          // Checked when the field is left (not mid-typing) and on submit: says which addresses work.
          {
            pattern: EMAIL_PATTERN,
            transform: (v: string | undefined) => v?.trim(),
            validateTrigger: 'onBlur',
            message: `${MESSAGES.emailInvalid}：${MESSAGES.emailRule}`,
          },
        ]}
      >
        <Input autoComplete="email" inputMode="email" data-testid="login-email" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: SHELL.enterPassword }]}>
        <Input.Password autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Button type="link" style={{ padding: 0 }} onClick={onForgot}>
          {SHELL.forgotPassword}
        </Button>
        <span style={{ flex: 1 }} />
        <Button
          onClick={() => {
            close();
            void navigate('/register');
          }}
        >
          {SHELL.register}
        </Button>
        <Button type="primary" loading={busy} htmlType="submit">
          {SHELL.login}
        </Button>
      </div>
    </Form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const reset = useRequestPasswordReset();
  const done = reset.isSuccess;
  // On failure the action facility has shown the reason.
  const submit = ({ email }: { email: string }) => reset.mutate(email.trim());
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      <p>输入注册时使用的邮箱，我们会发送一封包含重置链接的邮件（1 小时内有效）。</p>
      <Form.Item label="邮箱" name="email" rules={[{ required: true, message: SHELL.enterEmail }]}>
        <Input autoComplete="email" disabled={done} />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={onBack}>返回登录</Button>
        <Button type="primary" htmlType="submit" loading={reset.isPending} disabled={done}>
          发送重置邮件
        </Button>
      </div>
    </Form>
  );
}

export default function LoginDialog() {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  return (
    <AntdProvider>
      <Modal
        open
        title={view === 'login' ? SHELL.loginTitle : SHELL.forgotPassword}
        footer={null}
        onCancel={() => setLoginDialogOpen(false)}
        destroyOnHidden
        width={400}
        // It takes the place of its skeleton, already on screen: no zoom in from nothing.
        transitionName=""
        maskTransitionName=""
      >
        {view === 'login' ? <LoginForm onForgot={() => setView('forgot')} /> : <ForgotForm onBack={() => setView('login')} />}
      </Modal>
    </AntdProvider>
  );
}
