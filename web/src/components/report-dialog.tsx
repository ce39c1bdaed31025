import { REPORT_LIMITS, REPORT_REASONS, REPORT_TARGET_NAMES, type NewReport, type ReportTarget } from '@contract/reports';
import { Form, Input, Modal, Radio } from 'antd';
import { submitDialog } from '../lib/form-errors.js';
import { useSendReport } from '../lib/report.js';
import { withAntd } from './antd-provider.js';

type Fields = Pick<NewReport, 'reason' | 'body'>;

export interface ReportDialogProps {
  targetType: ReportTarget;
  targetId: number;
  /** What is reported, as the dialog's title names it. */
  label: string;
  onClose: () => void;
}

function ReportForm({ targetType, targetId, label, onClose }: ReportDialogProps) {
  const [form] = Form.useForm<Fields>();
  const send = useSendReport();
  const submit = () =>
    submitDialog(form, (values) => send.mutateAsync({ ...values, body: values.body ?? '', targetType, targetId }), onClose);
  return (
    <Modal
      open
      title={`举报${REPORT_TARGET_NAMES[targetType]}：${label}`}
      okText="提交举报"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">
        审图员会尽快处理，结果会出现在你的站内消息中。举报者的身份不会告诉被举报的会员；每 24 小时最多举报 {REPORT_LIMITS.perDay}{' '}
        次。
      </p>
      <Form form={form} layout="vertical" requiredMark={false} data-testid="report-form">
        <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: '请选择举报原因' }]}>
          <Radio.Group options={REPORT_REASONS.map((r) => ({ value: r.code, label: r.zh }))} />
        </Form.Item>
        <Form.Item
          name="body"
          label="补充说明（选填）"
          rules={[{ max: REPORT_LIMITS.bodyMax, message: `说明最多 ${REPORT_LIMITS.bodyMax} 字` }]}
        >
          <Input.TextArea
            rows={4}
            showCount
            maxLength={REPORT_LIMITS.bodyMax}
            placeholder="例如：原图出处、不实之处、涉及的位置"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The 举报 dialog, loaded with Ant Design on first open only. */
const ReportDialog = withAntd(ReportForm);
export default ReportDialog;
