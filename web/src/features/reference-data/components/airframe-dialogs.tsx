import { shownModeS } from '@contract/mode-s';
import { AIRFRAME_STATUS_LABELS, AIRFRAME_STATUSES, type AirframeStatus } from '@contract/catalogues';
import type { AirframePeriod, AirframeSummary } from '@contract/airframes';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { LiverySelect } from '../../../components/airframe-fields.js';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { useAirframeDetail, useAirframeWrite } from '../api/airframes.js';

// The dialogs of the airframes tab: edit, merge, split, and a period's operator and livery.

export const summaryText = (a: AirframeSummary) =>
  [`#${a.id}`, a.registrations.join(' / '), a.aircraftType?.label, a.msn ? `MSN ${a.msn}` : null, `${a.photoCount} 张`]
    .filter(Boolean)
    .join(' · ');

export type Dialog = { type: 'edit' | 'merge' | 'split' | 'periods'; airframe: AirframeSummary } | null;

/** One period's operator and livery, corrected for all its photos at once. */
function PeriodRow({ airframeId, period }: { airframeId: number; period: AirframePeriod }) {
  const write = useAirframeWrite();
  const [airline, setAirline] = useState<RefOption | null>(
    period.airline ? { value: period.airline.id, label: period.airline.label } : null,
  );
  const first = period.liveries[0];
  const [livery, setLivery] = useState<RefOption | null>(first ? { value: first.id, label: first.name } : null);
  return (
    <li className="period-edit" data-testid="period-edit">
      <b>{period.registration}</b> {period.from} – {period.to} · {period.photoCount} 张
      <div className="period-edit-fields">
        <ReferenceSelect kind="airlines" suggestMissing={false} value={airline} onChange={setAirline} placeholder="运营者" />
        <LiverySelect value={livery} onChange={setLivery} />
        <Button
          loading={write.isPending}
          onClick={() =>
            write.mutate({
              kind: 'period',
              id: airframeId,
              body: {
                registration: period.registration,
                from: period.from,
                to: period.to,
                airlineId: airline?.value ?? null,
                liveryId: livery?.value ?? null,
              },
            })
          }
        >
          保存这一段
        </Button>
      </div>
    </li>
  );
}

export function PeriodsDialog({ airframe: a, onClose }: { airframe: AirframeSummary; onClose: () => void }) {
  const { data } = useAirframeDetail(a.id);
  return (
    <Modal open width={760} title={`编辑机身 #${a.id} 的履历`} footer={null} onCancel={onClose}>
      <p className="muted">每一段的运营者和涂装会写入这一段的全部照片（记入审计日志）。</p>
      <ul className="airframe-rows">
        {(data?.periods ?? []).map((p) => (
          <PeriodRow key={`${p.registration}-${p.from}-${p.to}`} airframeId={a.id} period={p} />
        ))}
      </ul>
    </Modal>
  );
}

export function EditDialog({ airframe: a, onClose }: { airframe: AirframeSummary; onClose: () => void }) {
  const write = useAirframeWrite();
  const [form] = Form.useForm<{
    status: AirframeStatus;
    msn: string;
    modeS: string;
    lineNumber: string;
    builtYear: number | null;
  }>();
  // An N-number's address follows from it: shown, not kept.
  const computed = a.modeSFromRegistration && a.modeS ? shownModeS(a.modeS) : null;
  return (
    <Modal open title={`编辑机身 #${a.id}`} okText="保存" cancelText="取消" onCancel={onClose} onOk={() => form.submit()}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          status: a.status,
          msn: a.msn ?? '',
          modeS: a.modeS && !computed ? shownModeS(a.modeS) : '',
          lineNumber: a.lineNumber ?? '',
          builtYear: a.builtYear,
        }}
        onFinish={(v) =>
          write.mutate(
            {
              kind: 'edit',
              id: a.id,
              patch: {
                status: v.status,
                msn: v.msn,
                modeS: v.modeS.trim(),
                lineNumber: v.lineNumber,
                builtYear: v.builtYear ?? null,
              },
            },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item label="状态" name="status">
          <Select options={AIRFRAME_STATUSES.map((s) => ({ value: s, label: AIRFRAME_STATUS_LABELS[s] }))} />
        </Form.Item>
        <Form.Item label="MSN" name="msn">
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          label="Mode S 代码"
          name="modeS"
          extra={
            computed
              ? `美国注册号的代码由注册号算出：${computed}，无需填写`
              : '6 位十六进制，须在注册国的 ICAO 地址段内，如中国 780000–7BFFFF；留空表示未知'
          }
        >
          <Input maxLength={8} autoComplete="off" placeholder={computed ?? undefined} />
        </Form.Item>
        <Form.Item label="线号" name="lineNumber">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="出厂年份" name="builtYear">
          <InputNumber min={1903} max={2100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function MergeDialog({
  airframe: a,
  others,
  onClose,
}: {
  airframe: AirframeSummary;
  others: AirframeSummary[];
  onClose: () => void;
}) {
  const write = useAirframeWrite();
  const [into, setInto] = useState<number | null>(others[0]?.id ?? null);
  return (
    <Modal
      open
      title={`合并机身 #${a.id}`}
      okText="合并"
      okButtonProps={{ danger: true, disabled: !into }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => into && write.mutate({ kind: 'merge', id: a.id, intoId: into }, { onSuccess: onClose })}
    >
      <p>把 {summaryText(a)} 的全部照片并入另一架（记入审计日志，之后可拆分）：</p>
      <Select
        style={{ width: '100%' }}
        value={into ?? undefined}
        onChange={setInto}
        options={others.map((o) => ({ value: o.id, label: summaryText(o) }))}
        data-testid="merge-into"
      />
      <p className="muted">不在列表中？输入机身编号：</p>
      <InputNumber min={1} style={{ width: '100%' }} value={into ?? undefined} onChange={(v) => setInto(v ?? null)} />
    </Modal>
  );
}

export function SplitDialog({ airframe: a, onClose }: { airframe: AirframeSummary; onClose: () => void }) {
  const { data } = useAirframeDetail(a.id);
  const write = useAirframeWrite();
  const [picked, setPicked] = useState<number[]>([]);
  const photos = data?.periods.flatMap((p) => p.photos) ?? [];
  return (
    <Modal
      open
      width={720}
      title={`从机身 #${a.id} 拆出照片`}
      okText="拆分为新机身"
      okButtonProps={{ disabled: picked.length === 0 }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => write.mutate({ kind: 'split', id: a.id, photoIds: picked }, { onSuccess: onClose })}
    >
      <p className="muted">选中的照片成为一架新的飞机（记入审计日志）。</p>
      <Checkbox.Group value={picked} onChange={(v) => setPicked(v)} className="split-photos">
        {photos.map((p) => (
          <Checkbox key={p.id} value={p.id}>
            <PhotoThumb {...p} alt={p.registration} size={120} />
            <div>
              {p.registration} · {p.takenOn}
            </div>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Modal>
  );
}
