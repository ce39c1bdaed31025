import { PASSWORD_MAX, PASSWORD_MIN } from '@contract/limits';
import { MESSAGES } from '@contract/texts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { openLoginDialog } from '../../../lib/login-dialog.js';
import { resetPassword } from '../api/password-reset.js';

function ResetForm({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await resetPassword({ token, password });
      void navigate('/');
      openLoginDialog();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" requiredMark={false} onFinish={(v: { password: string }) => void submit(v)}>
      <Form.Item
        label="新密码"
        name="password"
        rules={[
          { required: true, message: '请输入密码' },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: MESSAGES.passwordLength },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="重复新密码"
        name="repeat"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_, v: string) =>
              !v || getFieldValue('password') === v ? Promise.resolve() : Promise.reject(new Error(MESSAGES.passwordMismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
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
