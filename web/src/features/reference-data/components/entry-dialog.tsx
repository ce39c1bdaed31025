import type { RefItem, RefKind } from '@contract/reference';
import { Form, Input, Modal } from 'antd';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useSuggestReference } from '../../../lib/suggest-reference.js';
import { useEditEntry } from '../api/edit-entry.js';
import { checkForm, FIELDS, formValues, KIND_NAMES } from '../lib/kinds.js';

interface Props {
  kind: RefKind;
  /** The entry to edit; none adds a new one. */
  item?: RefItem;
  onClose: () => void;
  /** A new entry was added (the list then searches for it, so it can be seen). */
  onAdded?: (item: RefItem) => void;
}

/** Adds an entry (a screener's is available at once) or edits one, checked against the contract before sending. */
export function EntryDialog({ kind, item, onClose, onAdded }: Props) {
  const [form] = Form.useForm<Record<string, string>>();
  const add = useSuggestReference(kind);
  const edit = useEditEntry(kind);
  const formId = `entry-${kind}`;

  const submit = async (values: Record<string, string>) => {
    // Each try starts clean: an earlier answer's errors (a taken code, a missing one) do not linger.
    form.setFields(FIELDS[kind].map((f) => ({ name: f.name, errors: [] })));
    const checked = checkForm(kind, values);
    if (!checked.ok) {
      form.setFields(checked.fields);
      return;
    }
    try {
      if (item) await edit.mutateAsync({ id: item.id, body: checked.body });
      else onAdded?.((await add.mutateAsync(checked.body)).item);
      onClose();
    } catch (e) {
      // The action facility said why; a taken code also goes under its field.
      showFieldErrors(form, e);
    }
  };

  return (
    <Modal
      open
      title={`${item ? '编辑' : '新增'}${KIND_NAMES[kind]}`}
      okText={item ? '保存' : '添加'}
      cancelText="取消"
      confirmLoading={add.isPending || edit.isPending}
      // The button submits the form it belongs to, so Enter in a field saves too.
      okButtonProps={{ htmlType: 'submit', form: formId }}
      onCancel={onClose}
      destroyOnHidden
    >
      {!item && <p className="muted">审图员新增的条目立即可供所有人选用。</p>}
      {item?.status === 'pending' && (
        <p className="muted">这是会员提交的建议：保存只修改内容，通过与否请在“待审核建议”中决定。</p>
      )}
      <Form
        form={form}
        id={formId}
        layout="vertical"
        requiredMark={false}
        initialValues={formValues(kind, item)}
        // A field's error goes once it is changed (these fields have no rules that would re-check them).
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        onFinish={(values) => void submit(values)}
        className="refdata-form"
      >
        {FIELDS[kind].map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} className={f.code ? 'code-field' : undefined}>
            <Input autoComplete="off" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
