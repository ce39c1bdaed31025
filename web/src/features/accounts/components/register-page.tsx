import type { RegisterRequest } from '@contract/accounts';
import { EMAIL_PATTERN, USERNAME_PATTERN } from '@contract/limits';
import { MESSAGES } from '@contract/texts';
import { Button, Checkbox, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { openLoginDialog } from '../../../lib/login-dialog.js';
import { useRegister } from '../api/register.js';
import { NewPasswordFields } from './new-password-fields.js';

interface Fields extends Pick<RegisterRequest, 'username' | 'email' | 'password'> {
  repeat: string;
  acceptTerms: boolean;
  ownPhotosOnly: boolean;
}

const mustCheck = (message: string) => ({
  validator: (_: unknown, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(message))),
});

function RegisterForm() {
  const [form] = Form.useForm<Fields>();
  const register = useRegister();
  const navigate = useNavigate();

  const submit = async (v: Fields) => {
    try {
      await register.mutateAsync({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
        acceptTerms: true,
        ownPhotosOnly: true,
      });
      void navigate('/register/success');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} data-testid="register-form">
      <Form.Item
        label="用户名"
        name="username"
        extra="3–20 个字符：字母、数字、汉字、_ 或 -"
        rules={[
          { required: true, message: '请输入用户名' },
          { pattern: USERNAME_PATTERN, message: MESSAGES.usernameInvalid },
        ]}
      >
        <Input autoComplete="username" maxLength={20} />
      </Form.Item>
      <Form.Item
        label="邮箱"
        name="email"
        extra={MESSAGES.emailRule}
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, message: '请输入用户邮箱' },
          {
            pattern: EMAIL_PATTERN,
            transform: (v: string | undefined) => v?.trim(),
            validateTrigger: 'onBlur',
            message: `${MESSAGES.emailInvalid}：${MESSAGES.emailRule}`,
          },
        ]}
      >
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item name="acceptTerms" valuePropName="checked" rules={[mustCheck(MESSAGES.mustAcceptTerms)]}>
        <Checkbox>
          {/* New tabs: what was typed here stays when the terms are read. */}
          我已阅读并同意{' '}
          <a href="/terms" target="_blank" rel="noopener">
            用户协议
          </a>{' '}
          和{' '}
          <a href="/guide/standard" target="_blank" rel="noopener">
            审图标准
          </a>
        </Checkbox>
      </Form.Item>
      <Form.Item name="ownPhotosOnly" valuePropName="checked" rules={[mustCheck(MESSAGES.mustOwnPhotos)]}>
        <Checkbox>我只上传本人拍摄的照片</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        注册
      </Button>
    </Form>
  );
}

export function Component() {
  return (
    <AntdProvider>
      <div className="form-page panel">
        <h1 style={{ marginTop: 0 }}>注册航迹 Contrail</h1>
        <RegisterForm />
        <p className="register-login" data-testid="have-account">
          已有账号？
          <button type="button" className="text-link" onClick={openLoginDialog}>
            登录
          </button>
        </p>
      </div>
    </AntdProvider>
  );
}
