import { APPEAL_LIMITS, APPEAL_TEXTS, type SuspensionAppeal } from '@contract/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { withAntd } from '../../../components/antd-provider.js';
import { ApiError, SUSPENDED_TOKEN_KEY } from '../../../lib/api.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useAppealSuspension } from '../api/appeal-suspension.js';

type Fields = Required<SuspensionAppeal>;

/**
 * 向管理员申诉 on /AccountStop (issue 34): the member is named by the token the suspension refused
 * when this tab kept it; met at login (or once that token is gone), by their email and password.
 */
function AppealForm() {
  const [token, setToken] = useState(() => sessionStorage.getItem(SUSPENDED_TOKEN_KEY));
  const [sent, setSent] = useState(false);
  const [form] = Form.useForm<Fields>();
  const appeal = useAppealSuspension(token);
  const submit = async (values: Fields) => {
    try {
      await appeal.mutateAsync(token ? { body: values.body } : values);
      setSent(true);
    } catch (e) {
      // The refused token no longer names anyone (its sessions were cleaned up): ask who it is.
      if (token && e instanceof ApiError && e.status === 401) {
        sessionStorage.removeItem(SUSPENDED_TOKEN_KEY);
        setToken(null);
      }
      showFieldErrors(form, e);
    }
  };
  if (sent) {
    return (
      <p className="appeal-sent" role="status" data-testid="appeal-sent">
        申诉已提交。管理员会在站内消息中看到，并回复到你的注册邮箱。
      </p>
    );
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="appeal-form">
      <p className="muted">
        申诉会送到每位管理员的站内消息和邮箱，管理员会回复到你的注册邮箱。每 24 小时可提交 {APPEAL_LIMITS.perDay} 次。
      </p>
      {!token && (
        <>
          <p className="muted">请填写被停用账号的邮箱和密码，以确认是你本人。</p>
          <Form.Item name="email" label="邮箱" rules={[{ required: true, whitespace: true, message: '请输入用户邮箱' }]}>
            <Input autoComplete="email" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="body"
        label="申诉理由"
        rules={[
          { required: true, whitespace: true, message: APPEAL_TEXTS.needBody },
          { max: APPEAL_LIMITS.bodyMax, message: `申诉最多 ${APPEAL_LIMITS.bodyMax} 字` },
        ]}
      >
        <Input.TextArea rows={4} showCount maxLength={APPEAL_LIMITS.bodyMax} placeholder="说明情况，例如照片的来历" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={appeal.isPending}>
        提交申诉
      </Button>
    </Form>
  );
}

export default withAntd(AppealForm);
