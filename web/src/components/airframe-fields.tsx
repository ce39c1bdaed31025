import { Form, Radio, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLiveryOptions, useResolveAirframe } from '../lib/airframe-lookups.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import { AIRFRAME_HELP, airframeLabel, airframeQuestion, FACT_TEXTS } from './facts-checks.js';
import type { FactsValues } from './facts-values.js';
import type { RefOption } from './ref-option.js';

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
  const question = airframeQuestion({ registration, noRegistration, aircraftType: type, msn, takenOn });
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
  const help = AIRFRAME_HELP[data.outcome];
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
  const { options, isFetching } = useLiveryOptions(typed);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      labelInValue
      allowClear
      placeholder={FACT_TEXTS.livery.placeholder}
      value={value ?? undefined}
      options={options}
      loading={isFetching}
      onChange={(v: RefOption | undefined) => onChange?.(v ?? null)}
      notFoundContent={<div style={{ padding: 8 }}>{FACT_TEXTS.livery.none}</div>}
      data-testid="select-livery"
    />
  );
}
