import { MESSAGES } from '@contract/texts';
import { Button, Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { NewPasswordFields } from './new-password-fields.js';
import { openLoginDialog } from '../../../lib/login-dialog.js';
import { useResetPassword } from '../api/reset-password.js';

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const submit = async ({ password }: { password: string }) => {
    try {
      await reset.mutateAsync({ token, password });
      void navigate('/');
      openLoginDialog();
    } catch {
      // the action facility has shown the reason
    }
  };
  return (
    <Form layout="vertical" requiredMark={false} onFinish={(v: { password: string }) => void submit(v)}>
      <NewPasswordFields label="新密码" />
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        设置新密码
      </Button>
    </Form>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AntdProvider>
      <div className="form-page panel">
        <h1 style={{ marginTop: 0 }}>重置密码</h1>
        {token ? <ResetForm token={token} /> : <p>{MESSAGES.resetTokenInvalid}</p>}
        <p className="muted">设置新密码后，所有设备上的登录都会失效。</p>
      </div>
    </AntdProvider>
  );
}
