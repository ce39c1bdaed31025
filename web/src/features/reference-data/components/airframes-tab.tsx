import { AIRFRAME_STATUS_LABELS } from '@contract/catalogues';
import type { PhotoResponse } from '@contract/photos';
import { Button, Empty, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PhotoThumb } from '../../../components/photo-thumb.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { useAirframesOf, useAirframeWrite, useCandidates, useCreateLivery, useUnlinked } from '../api/airframes.js';
import { EditDialog, MergeDialog, PeriodsDialog, SplitDialog, summaryText, type Dialog } from './airframe-dialogs.js';

/** An accepted photo two aircraft fit: put it on one of them. */
function UnlinkedRow({ photo }: { photo: PhotoResponse }) {
  const { data } = useCandidates(photo);
  const place = useAirframeWrite();
  return (
    <li className="unlinked-row" data-testid="unlinked-photo">
      <Link to={`/photo/${photo.id}`}>
        <PhotoThumb {...photo} alt={photo.registration} size={120} />
      </Link>
      <div>
        <b>{photo.registration}</b> · {photo.aircraftType?.label ?? '机型未知'} · 拍摄于 {photo.takenOn}
        <div className="unlinked-choices">
          {(data?.candidates ?? []).map((a) => (
            <Button
              key={a.id}
              size="small"
              loading={place.isPending}
              onClick={() => place.mutate({ kind: 'place', id: a.id, photoIds: [photo.id] })}
            >
              归入 {summaryText(a)}
            </Button>
          ))}
        </div>
      </div>
    </li>
  );
}

function Unlinked() {
  const { data } = useUnlinked();
  if (!data) return null;
  return (
    <section className="panel" aria-label="待归入机身">
      <h2>
        待归入机身 <span className="muted">{data.total} 张</span>
      </h2>
      <p className="muted">这些已通过的照片的注册号先后用在几架飞机上，无法自动判断：请看照片和日期，归入正确的一架。</p>
      {data.items.length === 0 ? (
        <Empty description="没有待归入的照片" />
      ) : (
        <ul className="unlinked-list">
          {data.items.map((p) => (
            <UnlinkedRow key={p.id} photo={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Finder() {
  const [reg, setReg] = useState('');
  const { data, isFetching } = useAirframesOf(reg);
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = data?.items ?? [];
  return (
    <section className="panel" aria-label="查找机身">
      <h2>按注册号查找机身</h2>
      <Input.Search
        placeholder="如 B-1234"
        enterButton="查找"
        onSearch={(v) => setReg(v.trim().toUpperCase().slice(0, 15))}
        data-testid="airframe-search"
      />
      {/* The box takes no `loading`: Ant Design's search box drops Enter while it is loading. */}
      {isFetching && <p className="muted">查找中…</p>}
      <ul className="airframe-rows">
        {items.map((a) => (
          <li key={a.id} data-testid="manage-airframe">
            <Link to={`/airframe/${a.id}`}>{summaryText(a)}</Link> · {AIRFRAME_STATUS_LABELS[a.status]}
            <span className="airframe-row-actions">
              <Button size="small" onClick={() => setDialog({ type: 'edit', airframe: a })}>
                编辑
              </Button>
              <Button size="small" onClick={() => setDialog({ type: 'merge', airframe: a })}>
                合并
              </Button>
              <Button size="small" onClick={() => setDialog({ type: 'split', airframe: a })} disabled={a.photoCount < 2}>
                拆分
              </Button>
              <Button size="small" onClick={() => setDialog({ type: 'periods', airframe: a })}>
                编辑履历
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {reg && data && items.length === 0 && <Empty description={`没有用过 ${reg} 的飞机`} />}
      {dialog?.type === 'edit' && <EditDialog airframe={dialog.airframe} onClose={() => setDialog(null)} />}
      {dialog?.type === 'merge' && (
        <MergeDialog
          airframe={dialog.airframe}
          others={items.filter((o) => o.id !== dialog.airframe.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'split' && <SplitDialog airframe={dialog.airframe} onClose={() => setDialog(null)} />}
      {dialog?.type === 'periods' && <PeriodsDialog airframe={dialog.airframe} onClose={() => setDialog(null)} />}
    </section>
  );
}

function NewLivery() {
  const [form] = Form.useForm<{ nameZh: string; nameEn?: string; airline: RefOption | null }>();
  const create = useCreateLivery();
  return (
    <section className="panel" aria-label="新增涂装">
      <h2>新增涂装</h2>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          create.mutate(
            {
              nameZh: v.nameZh.trim(),
              ...(v.nameEn?.trim() ? { nameEn: v.nameEn.trim() } : {}),
              ...(v.airline ? { airlineId: v.airline.value } : {}),
            },
            { onSuccess: () => form.resetFields() },
          )
        }
      >
        <Form.Item name="nameZh" rules={[{ required: true, whitespace: true, message: '请填写涂装名称' }]}>
          <Input placeholder="中文名，如 熊猫涂装" maxLength={30} />
        </Form.Item>
        <Form.Item name="nameEn">
          <Input placeholder="英文名（可选）" maxLength={60} />
        </Form.Item>
        <Form.Item name="airline" style={{ minWidth: 240 }}>
          <ReferenceSelect kind="airlines" suggestMissing={false} placeholder="所属航司（可选）" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          添加
        </Button>
      </Form>
    </section>
  );
}

/** The airframes tab: photos to place, merges, splits and edits, new liveries. */
export function AirframesTab() {
  return (
    <div className="airframes-tab">
      <Unlinked />
      <Finder />
      <NewLivery />
    </div>
  );
}
