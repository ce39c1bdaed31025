import { COLLECTION_LIMITS, type CollectionSummary } from '@contract/collections';
import { Button, Checkbox, Form, Input, Modal, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { withAntd } from '../../../components/antd-provider.js';
import { useCollectionChanges } from '../../../lib/collections.js';
import { submitDialog } from '../../../lib/form-errors.js';

interface Fields {
  name: string;
  description: string;
  public: boolean;
}

/** The owner renames a collection, describes it, makes it public or not, or deletes it. */
function EditForm({ collection, onClose }: { collection: CollectionSummary; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const { update, remove } = useCollectionChanges();
  const navigate = useNavigate();
  const submit = () => submitDialog(form, (v) => update.mutateAsync({ id: collection.id, ...v }), onClose);
  const drop = async () => {
    await remove.mutateAsync(collection.id);
    await navigate(`/user/${collection.owner.id}`);
  };
  return (
    <Modal
      open
      title="编辑收藏夹"
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: collection.name, description: collection.description, public: collection.public }}
        data-testid="collection-form"
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写收藏夹名称' }]}>
          <Input maxLength={COLLECTION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <Input.TextArea maxLength={COLLECTION_LIMITS.descriptionMax} rows={3} />
        </Form.Item>
        <Form.Item name="public" valuePropName="checked">
          <Checkbox>公开（所有人都能看到这个收藏夹，并可订阅它）</Checkbox>
        </Form.Item>
      </Form>
      <Popconfirm title="删除这个收藏夹？照片本身不会被删除。" okText="删除" cancelText="取消" onConfirm={() => void drop()}>
        <Button danger loading={remove.isPending}>
          删除收藏夹
        </Button>
      </Popconfirm>
    </Modal>
  );
}

export default withAntd(EditForm);
