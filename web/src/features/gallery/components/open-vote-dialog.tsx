import { VOTE_FEATURE_NET, VOTE_HOURS } from '@contract/manage';
import type { PhotoResponse } from '@contract/photos';
import { Form, Input, Modal } from 'antd';
import { withAntd } from '../../../components/antd-provider.js';
import { registrationText } from '../../../components/photo-image.js';
import { submitDialog } from '../../../lib/form-errors.js';
import { useOpenVote } from '../../../lib/votes.js';

function OpenVoteForm({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const open = useOpenVote();
  const submit = () => submitDialog(form, ({ reason }) => open.mutateAsync({ photoId: photo.id, reason }), onClose);
  return (
    <Modal
      open
      title={`为 ${registrationText(photo.registration)} 发起编辑精选投票`}
      okText="发起投票"
      cancelText="取消"
      confirmLoading={open.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">
        投票进行 {VOTE_HOURS} 小时，每位审图员一票；净票数达到 {VOTE_FEATURE_NET} 的图片入选编辑精选。
        发起即投出你的赞成票（+1），截止前可以改。
      </p>
      <Form form={form} layout="vertical" requiredMark={false} data-testid="open-vote-form">
        <Form.Item name="reason" label="理由" rules={[{ required: true, whitespace: true, message: '请填写理由' }]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 发起投票 from the photo page (level ≥ 1); Ant Design comes with this chunk only. */
const OpenVoteDialog = withAntd(OpenVoteForm);
export default OpenVoteDialog;
