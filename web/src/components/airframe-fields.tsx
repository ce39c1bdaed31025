import type { AirframeSummary } from '@contract/airframes';
import { Form, Radio, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLiverySearch, useResolveAirframe } from '../lib/airframe-lookups.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import type { FactsValues } from './facts-values.js';
import type { RefOption } from './reference-select.js';

/** An aircraft as a choice: its registrations, type, MSN and the days it was photographed. */
const airframeLabel = (a: AirframeSummary) =>
  [
    a.registrations.join(' / '),
    a.aircraftType?.label,
    a.msn ? `MSN ${a.msn}` : null,
    a.operator?.label,
    `${a.photoCount} 张，${a.firstTakenOn === a.lastTakenOn ? a.firstTakenOn : `${a.firstTakenOn} – ${a.lastTakenOn}`}`,
  ]
    .filter(Boolean)
    .join(' · ');

const AUTO = 0;

/**
 * Which aircraft the photo shows (issue 22): the server's answer for the registration, type, MSN and
 * date as they are typed. One that fits is named; when several carried the registration the person
 * picks one (or leaves it to the screener); none yet means a new airframe once the photo is accepted.
 */
export function AirframeField() {
  const form = Form.useFormInstance<FactsValues>();
  const registration = Form.useWatch('registration', form);
  const noRegistration = Form.useWatch('noRegistration', form);
  const type = Form.useWatch('aircraftType', form);
  const msn = Form.useWatch('msn', form);
  const takenOn = Form.useWatch('takenOn', form);
  const chosen = Form.useWatch('airframeId', form);
  // The question as a string: a new object each render would restart the wait for ever.
  const question =
    !noRegistration && registration?.trim()
      ? new URLSearchParams({
          reg: registration.trim().slice(0, 15),
          ...(type ? { type: String(type.value) } : {}),
          ...(msn?.trim() ? { msn: msn.trim().slice(0, 30) } : {}),
          ...(takenOn ? { takenOn } : {}),
        }).toString()
      : '';
  const settled = useDebouncedValue(question, 300);
  const params = useMemo(() => (settled ? Object.fromEntries(new URLSearchParams(settled)) : null), [settled]);
  const { data } = useResolveAirframe(params);
  // A choice the facts no longer fit (another registration, 无注册号) is dropped, unless it was the
  // photo's own airframe when the form opened (a screener's page shows it as it is).
  const [initial] = useState(chosen);
  const stale = !!data && !!chosen && chosen !== initial && !data.candidates.some((c) => c.id === chosen);
  useEffect(() => {
    if (stale || (noRegistration && chosen)) form.setFieldValue('airframeId', null);
  }, [stale, noRegistration, chosen, form]);
  if (!params || !data) return null;
  const candidates = data.candidates;
  const known = chosen && !candidates.some((c) => c.id === chosen);
  const help =
    data.outcome === 'new'
      ? '图库中还没有这架飞机：照片通过后新建机身。'
      : data.outcome === 'match'
        ? '按注册号、机型和 MSN，照片将归入这架飞机。'
        : '这个注册号先后用在几架飞机上：请选择照片上的这一架，不确定可留给审图员。';
  return (
    <Form.Item
      label="机身"
      name="airframeId"
      extra={help}
      getValueProps={(v: number | null) => ({ value: v ?? AUTO })}
      normalize={(v: number) => (v === AUTO ? null : v)}
      data-testid="airframe-field"
    >
      <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Radio value={AUTO}>
          <span data-testid="airframe-auto">{data.outcome === 'ambiguous' ? '不确定，留给审图员' : '自动'}</span>
        </Radio>
        {candidates.map((a) => (
          <Radio key={a.id} value={a.id}>
            <span data-testid="airframe-choice">{airframeLabel(a)}</span>{' '}
            <a href={`/airframe/${a.id}`} target="_blank" rel="noreferrer">
              查看
            </a>
          </Radio>
        ))}
        {known && <Radio value={chosen}>当前选定的机身 #{chosen}</Radio>}
      </Radio.Group>
    </Form.Item>
  );
}

/** The named paint scheme the aircraft wears (none: the operator's standard one). */
export function LiverySelect({
  value,
  onChange,
  id,
}: {
  value?: RefOption | null;
  onChange?: (v: RefOption | null) => void;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed.trim(), 200);
  const { data, isFetching } = useLiverySearch(settled);
  const options = (data?.items ?? []).map((l) => ({
    value: l.id,
    label: [l.name, l.airline?.label].filter(Boolean).join(' · '),
  }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      labelInValue
      allowClear
      placeholder="标准涂装可不填；特别涂装输入名称搜索"
      value={value ?? undefined}
      options={options}
      loading={isFetching}
      onChange={(v: RefOption | undefined) => onChange?.(v ?? null)}
      notFoundContent={<div style={{ padding: 8 }}>没有这个涂装：审图员可在管理页添加</div>}
      data-testid="select-livery"
    />
  );
}
