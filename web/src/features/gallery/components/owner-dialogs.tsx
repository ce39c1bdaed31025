import { CATEGORIES, NO_REGISTRATION, UPLOAD_LIMITS, type PhotoEdit, type PhotoResponse } from '@contract/photos';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '../../../components/antd-provider.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useDeletePhoto } from '../api/delete-photo.js';
import { useEditPhoto } from '../api/edit-photo.js';

interface Fields {
  registration: string;
  noRegistration: boolean;
  msn: string;
  aircraftType: RefOption | null;
  airline: RefOption | null;
  airport: RefOption | null;
  inFlight: boolean;
  takenOn: string;
  categories: string[];
  remark: string;
}

const option = (ref: PhotoResponse['airline']): RefOption | null => (ref ? { value: ref.id, label: ref.label } : null);
const today = () => new Date().toISOString().slice(0, 10);

/** Only what changed, in the contract's names. */
function patchOf(photo: PhotoResponse, v: Fields): PhotoEdit {
  const patch: PhotoEdit = {};
  const registration = v.noRegistration ? NO_REGISTRATION : (v.registration ?? '').trim().toUpperCase();
  if (registration !== photo.registration) patch.registration = registration;
  if ((v.msn ?? '').trim() !== (photo.msn ?? '')) patch.msn = (v.msn ?? '').trim();
  if (v.aircraftType && v.aircraftType.value !== photo.aircraftType?.id) patch.aircraftTypeId = v.aircraftType.value;
  if ((v.airline?.value ?? null) !== (photo.airline?.id ?? null)) patch.airlineId = v.airline?.value ?? null;
  if (v.inFlight !== photo.inFlight) patch.inFlight = v.inFlight;
  const airportId = v.inFlight ? null : (v.airport?.value ?? null);
  if (airportId !== (photo.airport?.id ?? null)) patch.airportId = airportId;
  if (v.takenOn !== photo.takenOn) patch.takenOn = v.takenOn;
  if ([...(v.categories ?? [])].sort().join() !== [...photo.categories].sort().join()) patch.categories = v.categories;
  if ((v.remark ?? '').trim() !== (photo.remark ?? '')) patch.remark = (v.remark ?? '').trim();
  return patch;
}

function initialFields(photo: PhotoResponse): Fields {
  return {
    registration: photo.registration === NO_REGISTRATION ? '' : photo.registration,
    noRegistration: photo.registration === NO_REGISTRATION,
    msn: photo.msn ?? '',
    aircraftType: option(photo.aircraftType),
    airline: option(photo.airline),
    airport: option(photo.airport),
    inFlight: photo.inFlight,
    takenOn: photo.takenOn,
    categories: photo.categories,
    remark: photo.remark ?? '',
  };
}

const KEY_FACTS: (keyof PhotoEdit)[] = ['registration', 'aircraftTypeId', 'airlineId', 'airportId', 'inFlight'];

function EditForm({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const edit = useEditPhoto();
  const initial = initialFields(photo);
  // Before the form has registered its fields the watch is empty: the initial values stand in.
  const watched = Form.useWatch([], form) as Partial<Fields> | undefined;
  const values: Fields = { ...initial, ...watched };
  const noRegistration = Form.useWatch('noRegistration', form);
  const inFlight = Form.useWatch('inFlight', form);
  const keyChanged = KEY_FACTS.some((k) => k in patchOf(photo, values));
  const accepted = photo.state === 'accepted';

  const submit = async () => {
    const v = await form.validateFields();
    const patch = patchOf(photo, v);
    if (Object.keys(patch).length === 0) return onClose();
    try {
      await edit.mutateAsync({ id: photo.id, patch });
      onClose();
    } catch (e) {
      showFieldErrors(form, e, { aircraftTypeId: 'aircraftType', airlineId: 'airline', airportId: 'airport' });
    }
  };

  return (
    <Modal
      open
      title="编辑图片信息"
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      onOk={() => void submit()}
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
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initial} data-testid="edit-form">
        <div className="form-2col">
          <Form.Item
            name="registration"
            label="注册号"
            rules={[{ required: !noRegistration, whitespace: true, message: '请填写注册号' }]}
          >
            <Input disabled={noRegistration} maxLength={15} />
          </Form.Item>
          <Form.Item name="msn" label="MSN">
            <Input maxLength={30} />
          </Form.Item>
        </div>
        <Form.Item name="noRegistration" valuePropName="checked" style={{ marginTop: -12 }}>
          <Checkbox>无注册号</Checkbox>
        </Form.Item>
        <Form.Item name="aircraftType" label="机型" rules={[{ required: true, message: '请选择机型' }]}>
          <ReferenceSelect kind="aircraft-types" />
        </Form.Item>
        <Form.Item name="airline" label="航司/运营者">
          <ReferenceSelect kind="airlines" />
        </Form.Item>
        <Form.Item
          name="airport"
          label="机场"
          rules={[{ required: !inFlight, message: '请选择机场，或勾选空中拍摄' }]}
          style={{ marginBottom: 4 }}
        >
          <ReferenceSelect kind="airports" disabled={inFlight} />
        </Form.Item>
        <Form.Item name="inFlight" valuePropName="checked">
          <Checkbox>空中拍摄</Checkbox>
        </Form.Item>
        <Form.Item name="takenOn" label="拍摄日期" rules={[{ required: true, message: '请选择拍摄日期' }]}>
          <Input type="date" max={today()} />
        </Form.Item>
        <Form.Item
          name="categories"
          label="分类"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个分类' }]}
        >
          <Checkbox.Group options={CATEGORIES.map((c) => ({ value: c.code, label: c.zh }))} />
        </Form.Item>
        <Form.Item name="remark" label="公开说明">
          <Input.TextArea rows={2} showCount maxLength={UPLOAD_LIMITS.remarkMax} />
        </Form.Item>
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
