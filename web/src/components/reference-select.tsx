import { aircraftTypeLabel, airlineLabel, airportLabel } from '@contract/reference';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { searchReference, suggestReference, type RefItem, type RefKind } from '../api/reference.js';

export interface RefOption {
  value: number;
  label: string;
}

function labelOf(kind: RefKind, item: RefItem<RefKind>): string {
  const pending = item.status === 'pending' ? '（待审核）' : '';
  if (kind === 'airports') return airportLabel(item as RefItem<'airports'>) + pending;
  if (kind === 'airlines') {
    const a = item as RefItem<'airlines'>;
    return `${airlineLabel(a)}${a.nameZh ? ` ${a.nameEn}` : ''}${a.icao || a.iata ? ` (${[a.iata, a.icao].filter(Boolean).join('/')})` : ''}${pending}`;
  }
  const t = item as RefItem<'aircraft-types'>;
  return `${aircraftTypeLabel(t)}${t.icao ? ` (${t.icao})` : ''}${pending}`;
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
}

/**
 * A searchable selector over reference data (codes, Chinese and English names, from 1 character),
 * with "suggest a missing entry" when nothing matches.
 */
export function ReferenceSelect({ kind, value, onChange, placeholder, disabled, id }: Props) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const latest = useRef(0);

  useEffect(() => {
    if (!query.trim()) return undefined;
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      setLoading(true);
      searchReference(kind, query.trim())
        .then((res) => {
          if (ticket === latest.current) setOptions(res.items.map((i) => ({ value: i.id, label: labelOf(kind, i) })));
        })
        .catch(() => undefined)
        .finally(() => ticket === latest.current && setLoading(false));
    }, 200);
    return () => clearTimeout(timer);
  }, [kind, query]);

  const submitSuggestion = async () => {
    const values = await form.validateFields();
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim()));
    try {
      const { item } = await suggestReference(kind, body);
      const option = { value: item.id, label: labelOf(kind, item) };
      setOptions([option]);
      onChange?.(option);
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
        showSearch={{ filterOption: false, onSearch: setQuery }}
        labelInValue
        allowClear
        disabled={disabled}
        placeholder={placeholder ?? `输入代码或名称搜索${KIND_TITLE[kind]}`}
        value={value ?? undefined}
        options={options}
        loading={loading}
        onChange={(v: RefOption | undefined) => onChange?.(v ?? null)}
        notFoundContent={
          query.trim() && !loading ? (
            <div style={{ padding: 8 }}>
              没有找到“{query}”。
              <Button type="link" size="small" onClick={() => setSuggesting(true)}>
                建议新增{KIND_TITLE[kind]}
              </Button>
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
        onOk={() => void submitSuggestion()}
        onCancel={() => setSuggesting(false)}
        destroyOnHidden
      >
        <p className="muted">提交后由审图员审核；在审核通过前，只有你自己可以在上传时选用它。</p>
        <Form form={form} layout="vertical" requiredMark={false}>
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
