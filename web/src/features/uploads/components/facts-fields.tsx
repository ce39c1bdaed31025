import { CATEGORIES, PHOTO_MESSAGES, REGISTRATION_PATTERN, UPLOAD_LIMITS, type PhotoMeta } from '@contract/photos';
import { Checkbox, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';

/** A photo's facts as form values: the contract's fields, with reference entries as selector options. */
export interface FactsValues extends Partial<
  Pick<PhotoMeta, 'registration' | 'msn' | 'takenOn' | 'remark' | 'messageToScreener'>
> {
  categories: string[];
  noRegistration: boolean;
  aircraftType?: RefOption | null;
  airline?: RefOption | null;
  airport?: RefOption | null;
  inFlight: boolean;
}

/** Server field paths → these fields, for `showFieldErrors`. */
export const FACT_FIELDS_OF_PATHS = { aircraftTypeId: 'aircraftType', airlineId: 'airline', airportId: 'airport' } as const;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The facts of a photo, the same on the upload page and when its owner corrects a waiting photo:
 * registration (or 无注册号), MSN, type, airline, airport (or 空中拍摄), date, categories and the two texts.
 */
export function FactsFields({ afterRegistration, takenOnHint }: { afterRegistration?: ReactNode; takenOnHint?: string }) {
  const form = Form.useFormInstance<FactsValues>();
  const noRegistration = Form.useWatch('noRegistration', form);
  const inFlight = Form.useWatch('inFlight', form);
  return (
    <>
      <Form.Item
        label="注册号"
        name="registration"
        normalize={(v: string) => v.toUpperCase()}
        rules={[
          { required: !noRegistration, message: '请输入注册号，或勾选“无注册号”' },
          { pattern: REGISTRATION_PATTERN, message: '注册号只能包含字母、数字和连字符' },
        ]}
      >
        <Input disabled={noRegistration} placeholder="如 B-1234" />
      </Form.Item>
      <Form.Item name="noRegistration" valuePropName="checked" style={{ marginTop: -12 }}>
        <Checkbox>无注册号</Checkbox>
      </Form.Item>
      {afterRegistration}
      <Form.Item label="MSN（出厂序列号）" name="msn" rules={[{ max: 30, message: 'MSN 最多 30 个字符' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="机型" name="aircraftType" rules={[{ required: true, message: '请选择机型' }]}>
        <ReferenceSelect kind="aircraft-types" />
      </Form.Item>
      <Form.Item label="航空公司/运营者" name="airline">
        <ReferenceSelect kind="airlines" />
      </Form.Item>
      <Form.Item label="机场" name="airport" rules={[{ required: !inFlight, message: PHOTO_MESSAGES.airportRequired }]}>
        <ReferenceSelect kind="airports" disabled={inFlight} />
      </Form.Item>
      <Form.Item name="inFlight" valuePropName="checked" style={{ marginTop: -12 }}>
        <Checkbox>空中拍摄</Checkbox>
      </Form.Item>
      <Form.Item label="拍摄日期" name="takenOn" rules={[{ required: true, message: '请选择拍摄日期' }]} extra={takenOnHint}>
        <Input type="date" max={today()} data-testid="taken-on" />
      </Form.Item>
      <Form.Item
        label="分类"
        name="categories"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个分类' }]}
      >
        <Checkbox.Group options={CATEGORIES.map((c) => ({ label: c.zh, value: c.code }))} />
      </Form.Item>
      <Form.Item label="公开说明" name="remark">
        <Input.TextArea maxLength={UPLOAD_LIMITS.remarkMax} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item label="给审图员的留言（仅审图员可见）" name="messageToScreener">
        <Input.TextArea maxLength={UPLOAD_LIMITS.messageMax} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </>
  );
}
