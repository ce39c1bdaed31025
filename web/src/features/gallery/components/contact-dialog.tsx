import { MESSAGE_LIMITS, MESSAGE_REASONS, type NewMessage } from '@contract/messages';
import type { PhotoResponse } from '@contract/photos';
import { Form, Input, Modal, Radio } from 'antd';
import { withAntd } from '../../../components/antd-provider.js';
import { submitDialog } from '../../../lib/form-errors.js';
import { useSendMessage } from '../api/send-message.js';

type Fields = Pick<NewMessage, 'reason' | 'contact' | 'body'>;

function ContactForm({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const send = useSendMessage();
  const submit = () =>
    submitDialog(form, (values) => send.mutateAsync({ ...values, toUserId: photo.uploader.id, photoId: photo.id }), onClose);
  return (
    <Modal
      open
      title={`联系摄影师 ${photo.uploader.username}`}
      okText="发送"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">消息会送到摄影师的站内收件箱并发送邮件；每 24 小时最多发送 {MESSAGE_LIMITS.perSenderPerDay} 条。</p>
      <Form form={form} layout="vertical" requiredMark={false} data-testid="contact-form">
        <Form.Item name="reason" label="联系原因" rules={[{ required: true, message: '请选择联系原因' }]}>
          <Radio.Group options={MESSAGE_REASONS.map((r) => ({ value: r.code, label: r.zh }))} />
        </Form.Item>
        <Form.Item
          name="contact"
          label="你的联系方式"
          rules={[
            { required: true, whitespace: true, message: '请填写联系方式' },
            { max: MESSAGE_LIMITS.contactMax, message: `联系方式最多 ${MESSAGE_LIMITS.contactMax} 个字符` },
          ]}
        >
          <Input placeholder="邮箱、微信号或电话" maxLength={MESSAGE_LIMITS.contactMax} />
        </Form.Item>
        <Form.Item
          name="body"
          label="内容"
          rules={[
            { required: true, whitespace: true, message: '请填写内容' },
            { max: MESSAGE_LIMITS.bodyMax, message: `内容最多 ${MESSAGE_LIMITS.bodyMax} 字` },
          ]}
        >
          <Input.TextArea rows={5} showCount maxLength={MESSAGE_LIMITS.bodyMax} placeholder="想对摄影师说的话" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `联系摄影师` (§3.4), loaded with Ant Design on first open only. */
const ContactDialog = withAntd(ContactForm);
export default ContactDialog;
