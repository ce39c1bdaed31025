import { NO_REGISTRATION, type PhotoResponse } from '@contract/photos';
import { Form, Modal } from 'antd';
import { FactsFields } from '../../../components/facts-fields.js';
import { ALL_FACTS, ownerEdit, FACT_FIELDS_OF_PATHS, factsValuesOf, type FactsValues } from '../../../components/facts-values.js';
import { useEditPhoto } from '../../../lib/edit-photo.js';
import { showFieldErrors } from '../../../lib/form-errors.js';

/**
 * The owner corrects a waiting photo's facts (a mis-picked airport, a typo in the registration)
 * without withdrawing it: the photo keeps its place in the queue.
 */
export function EditFactsDialog({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<FactsValues>();
  const edit = useEditPhoto();
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
      title={`修改信息 · ${photo.registration === NO_REGISTRATION ? '无注册号' : photo.registration}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      // 保存 submits the form it belongs to, so Enter in a field saves too.
      okButtonProps={{ htmlType: 'submit', form: 'edit-facts' }}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <p className="muted">审核前可以随时修改；修改不影响排队位置。</p>
      <Form
        form={form}
        id="edit-facts"
        layout="vertical"
        requiredMark={false}
        initialValues={factsValuesOf(photo)}
        onFinish={(values) => void save(values)}
        data-testid="edit-facts-form"
      >
        <FactsFields facts={ALL_FACTS} askMilitary={photo.categories} />
      </Form>
    </Modal>
  );
}
