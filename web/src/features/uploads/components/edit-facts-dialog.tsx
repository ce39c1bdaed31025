import { NO_REGISTRATION, type PhotoEdit, type PhotoResponse, type RefSummary } from '@contract/photos';
import { Form, Modal } from 'antd';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useEditPhoto } from '../api/edit-photo.js';
import { FACT_FIELDS_OF_PATHS, FactsFields, type FactsValues } from './facts-fields.js';

const option = (ref: RefSummary | null) => (ref ? { value: ref.id, label: ref.label } : null);

function valuesOf(photo: PhotoResponse): FactsValues {
  const none = photo.registration === NO_REGISTRATION;
  return {
    registration: none ? '' : photo.registration,
    noRegistration: none,
    msn: photo.msn ?? '',
    aircraftType: option(photo.aircraftType),
    airline: option(photo.airline),
    airport: option(photo.airport),
    inFlight: photo.inFlight,
    takenOn: photo.takenOn,
    categories: photo.categories,
    remark: photo.remark ?? '',
    messageToScreener: photo.messageToScreener ?? '',
  };
}

/** Every fact as the form has it; the server keeps what did not change. */
function patchOf(v: FactsValues): PhotoEdit {
  return {
    registration: v.noRegistration ? NO_REGISTRATION : (v.registration ?? '').trim().toUpperCase(),
    msn: v.msn?.trim() ?? '',
    aircraftTypeId: v.aircraftType!.value,
    airlineId: v.airline?.value ?? null,
    airportId: v.inFlight ? null : (v.airport?.value ?? null),
    inFlight: v.inFlight,
    takenOn: v.takenOn!,
    categories: v.categories,
    remark: v.remark?.trim() ?? '',
    messageToScreener: v.messageToScreener?.trim() ?? '',
  };
}

/**
 * The owner corrects a waiting photo's facts (a mis-picked airport, a typo in the registration)
 * without withdrawing it: the photo keeps its place in the queue.
 */
export function EditFactsDialog({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<FactsValues>();
  const edit = useEditPhoto();
  const save = async () => {
    let values: FactsValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is missing
    }
    try {
      await edit.mutateAsync({ id: photo.id, patch: patchOf(values) });
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
        initialValues={valuesOf(photo)}
        onFinish={() => void save()}
        data-testid="edit-facts-form"
      >
        <FactsFields />
      </Form>
    </Modal>
  );
}
