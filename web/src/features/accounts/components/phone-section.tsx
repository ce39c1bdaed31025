import { normalizePhone, PHONE_TEXTS } from '@contract/phones';
import { Button, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useMyPhone } from '../../../lib/phone.js';
import { useRemovePhone, useSendPhoneCode, useVerifyPhone } from '../api/phone.js';

/** Seconds left before another code may be asked for, counting down once a second. */
function useCountdown(): [number, (s: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * 手机号 (issue 38): a number confirmed with a 6-digit code by SMS. It is never shown to other members;
 * with 实名验证 on, uploading, messaging and reporting need it.
 */
export function PhoneSection({ focus }: { focus: boolean }) {
  const phone = useMyPhone();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const remove = useRemovePhone();
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [left, setLeft] = useCountdown();
  const [changing, setChanging] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus && phone.data) ref.current?.scrollIntoView({ block: 'center' });
  }, [focus, phone.data]);

  const askCode = async () => {
    const { phone: number } = await form.validateFields(['phone']);
    try {
      const sent = await send.mutateAsync({ phone: number });
      setLeft(sent.resendSeconds);
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  const confirm = async () => {
    const v = await form.validateFields();
    try {
      await verify.mutateAsync({ phone: v.phone, code: v.code.trim() });
      form.resetFields();
      setChanging(false);
    } catch (e) {
      showFieldErrors(form, e);
    }
  };

  const data = phone.data;
  return (
    <section aria-label="手机号" id="phone" ref={ref} data-testid="phone-section">
      <h3>手机号</h3>
      {data?.required && !data.verified && (
        <p className="phone-required" role="status">
          {PHONE_TEXTS.required}。验证后即可上传图片、联系摄影师和举报。
        </p>
      )}
      {data?.verified && !changing ? (
        <Space wrap>
          <span data-testid="phone-verified">
            {data.phone} <Tag color="green">已验证</Tag>
          </span>
          <Button onClick={() => setChanging(true)}>更换号码</Button>
          <Popconfirm
            title="解除这个手机号？"
            description={data.required ? '实名验证开启时，解除后将不能上传、联系摄影师和举报。' : undefined}
            okText="解除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          >
            <Button danger type="link">
              解除
            </Button>
          </Popconfirm>
        </Space>
      ) : (
        <Form
          form={form}
          name="phone-form"
          layout="vertical"
          requiredMark={false}
          style={{ maxWidth: 400 }}
          data-testid="phone-form"
        >
          <p className="muted">号码只用于验证身份，不会向其他会员展示；管理员只能看到部分号码。</p>
          <Form.Item
            name="phone"
            label="手机号"
            rules={[
              { required: true, message: '请填写手机号' },
              {
                validator: (_, v: string) =>
                  !v || normalizePhone(v) ? Promise.resolve() : Promise.reject(new Error(PHONE_TEXTS.format)),
              },
            ]}
          >
            <Input inputMode="tel" autoComplete="tel" maxLength={20} placeholder="例如 13812345678 或 +85291234567" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: PHONE_TEXTS.codeFormat }]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6 位数字" />
              </Form.Item>
              <Button onClick={() => void askCode()} disabled={left > 0} loading={send.isPending} data-testid="phone-send">
                {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Space>
            <Button type="primary" onClick={() => void confirm()} loading={verify.isPending} data-testid="phone-verify">
              验证
            </Button>
            {changing && <Button onClick={() => setChanging(false)}>取消</Button>}
          </Space>
        </Form>
      )}
    </section>
  );
}
