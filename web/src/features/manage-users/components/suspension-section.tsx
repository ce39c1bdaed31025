import { MANAGE_MESSAGES, type AdminUser } from '@contract/manage';
import { beijingTime } from '@contract/texts';
import { Alert, Button, DatePicker, Form, Input, Radio, type DatePickerProps } from 'antd';
// Ant Design's DatePicker hands out dayjs values.
import type { Dayjs } from 'dayjs';
import { useUpdateUser } from '../api/update-user.js';
import { untilDay, untilOfDay } from '../lib/texts.js';
import { ActionError } from './action-error.js';

interface SuspendValues {
  reason: string;
  term: 'date' | 'indefinite';
  until?: Dayjs | null;
}

/** A day whose end instant (UTC midnight, see untilOfDay) has already passed cannot be picked. */
const pastDay: DatePickerProps['disabledDate'] = (d) => untilOfDay(d.year(), d.month(), d.date()) <= Date.now();

export function SuspensionSection({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.id);
  const [form] = Form.useForm<SuspendValues>();
  const term = Form.useWatch('term', form);
  const pickedDay = Form.useWatch('until', form);

  if (user.status === 'suspended') {
    return (
      <section className="detail-section" data-testid="suspension-section">
        <h3>停用</h3>
        <Alert
          type="warning"
          showIcon
          title={user.suspendedUntil === null ? '已停用（无限期）' : `已停用至 ${untilDay(user.suspendedUntil)}`}
          description={`原因：${user.suspensionReason ?? '未填写'}`}
        />
        <div className="section-actions">
          <Button type="primary" loading={update.isPending} onClick={() => update.mutate({ lift: true })}>
            解除停用
          </Button>
        </div>
        <ActionError error={update.error} />
      </section>
    );
  }

  const submit = (values: SuspendValues) => {
    const day = values.until;
    const until = values.term === 'indefinite' || !day ? null : untilOfDay(day.year(), day.month(), day.date());
    update.mutate({ suspend: { reason: values.reason.trim(), until } });
  };
  return (
    <section className="detail-section" data-testid="suspension-section">
      <h3>停用账号</h3>
      <p className="muted">停用后该用户的所有登录立即失效，期间无法登录；原因和结束日期会显示给该用户。</p>
      {/* No <form>: Enter in the date field would submit it, and suspending takes a deliberate click. */}
      <Form<SuspendValues>
        form={form}
        component="div"
        layout="vertical"
        initialValues={{ term: 'date' }}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item
          name="reason"
          label="停用原因"
          rules={[
            { required: true, whitespace: true, message: MANAGE_MESSAGES.suspendReason },
            { max: 200, message: '原因最多 200 个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：多次上传他人作品" />
        </Form.Item>
        <div className="inline-fields top">
          <Form.Item name="term" label="期限">
            <Radio.Group
              options={[
                { value: 'date', label: '到指定日期' },
                { value: 'indefinite', label: '无限期' },
              ]}
            />
          </Form.Item>
          {term !== 'indefinite' && (
            <Form.Item
              name="until"
              label="停用至"
              rules={[{ required: true, message: '请选择停用结束日期' }]}
              extra={
                pickedDay ? (
                  <span data-testid="suspension-end">
                    将于 {beijingTime(untilOfDay(pickedDay.year(), pickedDay.month(), pickedDay.date()))} 自动恢复
                  </span>
                ) : (
                  '所选日期的北京时间 8:00（UTC 0 点）自动恢复'
                )
              }
            >
              <DatePicker disabledDate={pastDay} placeholder="选择日期" />
            </Form.Item>
          )}
        </div>
        <Button danger type="primary" loading={update.isPending} onClick={() => form.submit()}>
          停用账号
        </Button>
      </Form>
      <ActionError error={update.error} />
    </section>
  );
}
