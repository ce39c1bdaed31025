import { aircraftTypeLabel, airlineLabel, airportLabel, type RefItem, type RefKind } from '@contract/reference';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useReferenceSearch } from '../lib/search-reference.js';
import { useSuggestReference } from '../lib/suggest-reference.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';

export interface RefOption {
  value: number;
  label: string;
}

const LABELS: { [K in RefKind]: (item: RefItem<K>) => string } = {
  airports: airportLabel,
  airlines: (a) =>
    `${airlineLabel(a)}${a.nameZh ? ` ${a.nameEn}` : ''}${a.icao || a.iata ? ` (${[a.iata, a.icao].filter(Boolean).join('/')})` : ''}`,
  'aircraft-types': (t) => `${aircraftTypeLabel(t)}${t.icao ? ` (${t.icao})` : ''}`,
};

function optionOf<K extends RefKind>(kind: K, item: RefItem<K>): RefOption {
  return { value: item.id, label: LABELS[kind](item) + (item.status === 'pending' ? '（待审核）' : '') };
}

const SUGGEST_FIELDS: Record<RefKind, { name: string; label: string; required?: boolean }[]> = {
  airports: [
    { name: 'nameEn', label: '英文名', required: true },
    { name: 'nameZh', label: '中文名' },
    { name: 'icao', label: 'ICAO 代码（4 位）' },
    { name: 'iata', label: 'IATA 代码（3 位）' },
    { name: 'city', label: '城市' },
    { name: 'country', label: '国家/地区' },
  ],
  airlines: [
    { name: 'nameEn', label: '英文名', required: true },
    { name: 'nameZh', label: '中文名' },
    { name: 'icao', label: 'ICAO 代码（3 位）' },
    { name: 'iata', label: 'IATA 代码（2 位）' },
    { name: 'country', label: '国家/地区' },
  ],
  'aircraft-types': [
    { name: 'manufacturerEn', label: '制造商（英文）', required: true },
    { name: 'manufacturerZh', label: '制造商（中文）' },
    { name: 'typeName', label: '机型', required: true },
    { name: 'variant', label: '子型号' },
    { name: 'icao', label: 'ICAO 代码' },
  ],
};
const KIND_TITLE: Record<RefKind, string> = { airports: '机场', airlines: '航空公司', 'aircraft-types': '机型' };

interface Props {
  kind: RefKind;
  value?: RefOption | null;
  onChange?: (value: RefOption | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** An entry not to offer (a merge's duplicate cannot be its own target). */
  exclude?: number;
  /** Offer "suggest a missing entry" when nothing matches (default true). */
  suggestMissing?: boolean;
}

/**
 * A searchable selector over reference data (codes, Chinese and English names, from 1 character),
 * with "suggest a missing entry" when nothing matches. Used inside an Ant Design Form.Item.
 */
export function ReferenceSelect({ kind, value, onChange, placeholder, disabled, id, exclude, suggestMissing = true }: Props) {
  const [typed, setTyped] = useState('');
  const query = typed.trim();
  const settled = useDebouncedValue(query, 200);
  const search = useReferenceSearch(kind, settled);
  const suggest = useSuggestReference(kind);
  const [suggesting, setSuggesting] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const searching = query !== settled || search.isFetching;
  const options = search.data?.items.filter((item) => item.id !== exclude).map((item) => optionOf(kind, item)) ?? [];

  const submitSuggestion = async () => {
    const values = await form.validateFields();
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim()));
    try {
      const { item } = await suggest.mutateAsync(body);
      onChange?.(optionOf(kind, item));
      setSuggesting(false);
      form.resetFields();
    } catch {
      // the action facility showed why
    }
  };

  return (
    <>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        labelInValue
        allowClear
        disabled={disabled}
        placeholder={placeholder ?? `输入代码或名称搜索${KIND_TITLE[kind]}`}
        value={value ?? undefined}
        options={options}
        loading={searching}
        onChange={(v: RefOption | undefined) => onChange?.(v ?? null)}
        notFoundContent={
          query && !searching ? (
            <div style={{ padding: 8 }}>
              没有找到“{typed}”。
              {suggestMissing && (
                <Button type="link" size="small" onClick={() => setSuggesting(true)}>
                  建议新增{KIND_TITLE[kind]}
                </Button>
              )}
            </div>
          ) : (
            <div style={{ padding: 8 }}>输入至少 1 个字符搜索</div>
          )
        }
        data-testid={`select-${kind}`}
      />
      <Modal
        open={suggesting}
        title={`建议新增${KIND_TITLE[kind]}`}
        okText="提交"
        cancelText="取消"
        confirmLoading={suggest.isPending}
        // 提交 submits the form it belongs to, so Enter in a field sends the suggestion too.
        okButtonProps={{ htmlType: 'submit', form: `suggest-${kind}` }}
        onCancel={() => setSuggesting(false)}
        destroyOnHidden
      >
        <p className="muted">提交后由审图员审核；在审核通过前，只有你自己可以在上传时选用它。</p>
        <Form form={form} id={`suggest-${kind}`} layout="vertical" requiredMark={false} onFinish={() => void submitSuggestion()}>
          {SUGGEST_FIELDS[kind].map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={f.required ? [{ required: true, message: `请填写${f.label}` }] : []}
            >
              <Input />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
