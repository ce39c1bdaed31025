import { CODE_REQUIRED, newReferenceItems, REF_KIND_NAMES, type RefItem, type RefKind } from '@contract/reference';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../lib/api.js';
import { useCountryOptions } from '../lib/countries.js';
import { searchReference } from '../lib/search-reference.js';
import { useSuggestReference } from '../lib/suggest-reference.js';

interface Field {
  name: string;
  label: string;
  required?: boolean;
  /** Where a typed search that looks like this lands when the dialog opens. */
  takes?: RegExp;
}

const CJK = /[\u3400-\u9fff]/;
// In the order a member reads them; a code field's `takes` is tried before a name's.
const FIELDS: Record<RefKind, Field[]> = {
  airports: [
    { name: 'icao', label: 'ICAO 代码（4 位）', takes: /^[A-Za-z]{4}$/ },
    { name: 'iata', label: 'IATA 代码（3 位）', takes: /^[A-Za-z]{3}$/ },
    { name: 'nameEn', label: '英文名', required: true, takes: /^[^\u3400-\u9fff]+$/ },
    { name: 'nameZh', label: '中文名', takes: CJK },
    { name: 'city', label: '城市' },
    { name: 'country', label: '国家/地区' },
  ],
  airlines: [
    { name: 'icao', label: 'ICAO 代码（3 位）', takes: /^[A-Za-z]{3}$/ },
    { name: 'iata', label: 'IATA 代码（2 位）', takes: /^[A-Za-z0-9]{2}$/ },
    { name: 'nameEn', label: '英文名', required: true, takes: /^[^\u3400-\u9fff]+$/ },
    { name: 'nameZh', label: '中文名', takes: CJK },
    { name: 'country', label: '国家/地区' },
  ],
  'aircraft-types': [
    { name: 'icao', label: 'ICAO 代码（2–4 位）', takes: /^(?=.*\d)[A-Za-z0-9]{2,4}$/ },
    { name: 'manufacturerEn', label: '制造商（英文）', required: true },
    { name: 'manufacturerZh', label: '制造商（中文）', takes: CJK },
    { name: 'typeName', label: '机型', required: true, takes: /^[^\u3400-\u9fff]+$/ },
    { name: 'variant', label: '子型号' },
  ],
};
const CODE_FIELDS = ['icao', 'iata'] as const;

/** What was typed in the selector, in the field it most likely belongs to (ZSPD → ICAO, 浦东 → 中文名). */
export function suggestionFromTyped(kind: RefKind, typed: string): Record<string, string> {
  const text = typed.trim().slice(0, 100);
  const field = FIELDS[kind].find((f) => f.takes?.test(text));
  if (!text || !field) return {};
  return { [field.name]: CODE_FIELDS.includes(field.name as 'icao') ? text.toUpperCase() : text };
}

interface Props<K extends RefKind> {
  kind: K;
  typed: string;
  /** The entry to use: the one suggested, or one that already has the code typed. */
  onPicked: (item: RefItem<K>) => void;
  onClose: () => void;
  label: (item: RefItem<K>) => string;
}

/** An airline that no longer flies: its codes may be another's now (the server lets them be shared). */
const ceased = (item: object) => 'active' in item && item.active === false;

/**
 * 建议新增: a missing entry, checked by the contract's own rules before it is sent. A code another
 * entry already has shows that entry, to pick instead; 仍然提交 then sends it, and a refusal says why.
 */
export function SuggestReferenceDialog<K extends RefKind>({ kind, typed, onPicked, onClose, label }: Props<K>) {
  const [form] = Form.useForm<Record<string, string>>();
  const suggest = useSuggestReference(kind);
  const countries = useCountryOptions();
  const [existing, setExisting] = useState<RefItem<K> | null>(null);
  // The codes whose holder was shown: 提交 again sends them, and the server decides (never a silent button).
  const [offered, setOffered] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  /** The entry already holding one of these codes, if any (asked of the search, matched exactly; a flying one first). */
  const holderOf = async (body: Record<string, string>): Promise<RefItem<K> | null> => {
    for (const field of CODE_FIELDS) {
      const code = body[field]?.toUpperCase();
      if (!code) continue;
      const { items } = await searchReference(kind, code);
      const holders = (items as RefItem<K>[]).filter((item) => (item as Record<string, unknown>)[field] === code);
      const found = holders.find((item) => !ceased(item)) ?? holders[0];
      if (found) return found;
    }
    return null;
  };

  const submit = async (values: Record<string, string | undefined>) => {
    setRefused(null);
    const body = Object.fromEntries(
      Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
    );
    const checked = newReferenceItems[kind].safeParse(body);
    // This round's findings only: an error of the last one (no code) goes once a code is there.
    const errors = new Map(FIELDS[kind].map((f) => [f.name, [] as string[]]));
    for (const i of checked.success ? [] : checked.error.issues) errors.get(String(i.path[0]))?.push(i.message);
    form.setFields([...errors].map(([name, list]) => ({ name, errors: list })));
    if (!checked.success) return;
    const codes = CODE_FIELDS.map((f) => body[f]?.toUpperCase() ?? '').join('/');
    setChecking(true);
    try {
      if (offered !== codes) {
        const holder = await holderOf(body);
        setExisting(holder);
        if (holder) return setOffered(codes);
      }
      const { item } = await suggest.mutateAsync(body);
      onPicked(item as RefItem<K>);
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      // Refused (a code a flying airline holds, say): why, above the form and under its field.
      setRefused(e.message);
      form.setFields(e.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      // Another member's suggestion of the same code arrived first: show theirs.
      if (e.status === 409) setExisting((await holderOf(body).catch(() => null)) ?? existing);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open
      title={`建议新增${REF_KIND_NAMES[kind]}`}
      okText={existing && offered ? '仍然提交' : '提交'}
      cancelText="取消"
      confirmLoading={checking || suggest.isPending}
      // 提交 submits the form it belongs to, so Enter in a field sends the suggestion too.
      okButtonProps={{ htmlType: 'submit', form: `suggest-${kind}` }}
      onCancel={onClose}
    >
      <p className="muted">
        提交后由审图员审核；在审核通过前，只有你自己可以在上传时选用它。
        {kind === 'airports' && `${CODE_REQUIRED}。`}
      </p>
      {refused && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`未能提交：${refused}`} data-testid="suggest-refused" />
      )}
      {existing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            ceased(existing)
              ? `已停止运营的${REF_KIND_NAMES[kind]}也用过这个代码：${label(existing)}`
              : `已有${REF_KIND_NAMES[kind]}使用这个代码：${label(existing)}`
          }
          description={
            ceased(existing)
              ? '是同一家就选用它；不是同一家就按“仍然提交”：停止运营的航空公司的代码可以由新的航空公司使用。'
              : '是同一家就选用它；不是同一家请先核对代码。'
          }
          action={
            <Button size="small" type="primary" onClick={() => onPicked(existing)} data-testid="pick-existing">
              选用它
            </Button>
          }
          data-testid="existing-entry"
        />
      )}
      <Form
        form={form}
        id={`suggest-${kind}`}
        layout="vertical"
        requiredMark={false}
        initialValues={suggestionFromTyped(kind, typed)}
        onFinish={(v) => void submit(v)}
      >
        {FIELDS[kind].map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={f.required ? [{ required: true, whitespace: true, message: `请填写${f.label}` }] : []}
          >
            {f.name === 'country' ? (
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                options={countries}
                placeholder="输入中文或英文名称查找"
                data-testid="suggest-country"
              />
            ) : (
              <Input />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
