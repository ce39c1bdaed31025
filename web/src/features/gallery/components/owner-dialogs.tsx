import { KEY_FACTS, type PhotoResponse } from '@contract/photos';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '../../../components/antd-provider.js';
import { FactsFields } from '../../../components/facts-fields.js';
import {
  ALL_FACTS,
  changedFacts,
  ownerEdit,
  FACT_FIELDS_OF_PATHS,
  factsValuesOf,
  type FactsValues,
} from '../../../components/facts-values.js';
import { useEditPhoto } from '../../../lib/edit-photo.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useDeletePhoto } from '../api/delete-photo.js';

function EditForm({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<FactsValues>();
  const edit = useEditPhoto();
  // Before the form has registered its fields the watch is empty: the photo's values stand in.
  const watched = Form.useWatch([], form) as Partial<FactsValues> | undefined;
  const keyChanged = KEY_FACTS.some((k) => k in changedFacts(photo, watched ?? {}, ALL_FACTS));
  const accepted = photo.state === 'accepted';

  const save = async (values: FactsValues) => {
    const patch = ownerEdit(photo, values);
    if (Object.keys(patch).length === 0) return onClose();
    try {
      await edit.mutateAsync({ id: photo.id, patch });
      onClose();
    } catch (e) {
      showFieldErrors(form, e, FACT_FIELDS_OF_PATHS);
    }
  };

  return (
    <Modal
      open
      title="编辑图片信息"
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      // 保存 submits the form it belongs to, so Enter in a field saves too.
      okButtonProps={{ htmlType: 'submit', form: 'edit-photo' }}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {accepted && (
        <Alert
          type={keyChanged ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            keyChanged
              ? '你修改了注册号、机型、航司或机场：保存后图片将撤下并重新进入审图队列，审核通过后再公开。'
              : '修改注册号、机型、航司或机场会让图片重新进入审图队列；其他信息修改后立即生效。'
          }
          data-testid="edit-warning"
        />
      )}
      <Form
        form={form}
        id="edit-photo"
        layout="vertical"
        requiredMark={false}
        initialValues={factsValuesOf(photo)}
        onFinish={(values) => void save(values)}
        data-testid="edit-form"
      >
        <FactsFields facts={ALL_FACTS} askMilitary={photo.categories} />
      </Form>
    </Modal>
  );
}

function DeleteForm({ photo, onClose, onDeleted }: { photo: PhotoResponse; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeletePhoto();
  const confirmed = typed.trim() === String(photo.id);
  return (
    <Modal
      open
      title="删除图片"
      okText="永久删除"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !confirmed, ...{ 'data-testid': 'confirm-delete' } }}
      confirmLoading={remove.isPending}
      onOk={() => remove.mutate(photo.id, { onSuccess: onDeleted })}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>删除后图片文件会立即移除，浏览和喜欢记录也随之消失，无法恢复。</p>
      <p>
        请输入图片编号 <b>{photo.id}</b> 以确认：
      </p>
      <Input
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        inputMode="numeric"
        aria-label="图片编号"
        data-testid="delete-id"
      />
    </Modal>
  );
}

export type OwnerDialog = 'edit' | 'delete';

/** The owner's edit and delete dialogs (§3.4), loaded with Ant Design on first open only. */
export default function OwnerDialogs({
  which,
  photo,
  onClose,
  onDeleted,
}: {
  which: OwnerDialog;
  photo: PhotoResponse;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <AntdProvider>
      {which === 'edit' ? (
        <EditForm photo={photo} onClose={onClose} />
      ) : (
        <DeleteForm photo={photo} onClose={onClose} onDeleted={onDeleted} />
      )}
    </AntdProvider>
  );
}
