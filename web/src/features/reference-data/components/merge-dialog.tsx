import type { RefItem, RefKind } from '@contract/reference';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { notice } from '../../../lib/notice.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { useMergeEntry } from '../api/merge-entry.js';
import { entryLabel, KIND_NAMES } from '../lib/kinds.js';

interface Props {
  kind: RefKind;
  /** The duplicate, which disappears into the chosen entry. */
  item: RefItem;
  onClose: () => void;
}

/** Merges a duplicate into the entry the screener picks; its photos follow. */
export function MergeDialog({ kind, item, onClose }: Props) {
  const [form] = Form.useForm<{ into: RefOption | null }>();
  const [into, setInto] = useState<RefOption | null>(null);
  const merge = useMergeEntry(kind);
  const label = entryLabel(kind, item);
  const formId = `merge-${kind}`;

  const submit = async ({ into }: { into: RefOption | null }) => {
    if (!into) return;
    try {
      const { moved } = await merge.mutateAsync({ id: item.id, intoId: into.value });
      if (moved > 0) notice.info(`${moved} 张照片已改用「${into.label}」`);
      onClose();
    } catch (e) {
      showFieldErrors(form, e, { intoId: 'into' });
    }
  };

  return (
    <Modal
      open
      title={`合并重复的${KIND_NAMES[kind]}`}
      okText="合并"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: formId, danger: true }}
      confirmLoading={merge.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        把 <b className="refdata-name">{label}</b> 合并到：
      </p>
      <Form form={form} id={formId} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="into" rules={[{ required: true, message: `请选择要保留的${KIND_NAMES[kind]}` }]}>
          <ReferenceSelect
            kind={kind}
            exclude={item.id}
            suggestMissing={false}
            placeholder={`搜索要保留的${KIND_NAMES[kind]}`}
            onChange={setInto}
          />
        </Form.Item>
      </Form>
      <Alert
        type="warning"
        showIcon
        title={`使用「${label}」的照片都将改用${into ? `「${into.label}」` : '所选条目'}，「${label}」不再出现在搜索中。合并无法撤销。`}
      />
    </Modal>
  );
}
