import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '../../../components/antd-provider.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { localDay } from '../../../lib/local-time.js';
import { useSightingChanges } from '../../../lib/sightings.js';

interface Fields {
  registration: string;
  seenOn: string;
  airport: RefOption | null;
  note: string;
  public: boolean;
}

/**
 * The member logs a sighting by registration, or pastes many: a registration a line, or CSV lines of
 * 注册号, 日期, 机场代码, 备注, 公开 (what 导出 CSV writes). Lines without a day or airport take the form's.
 */
export default function SightingForm() {
  const [form] = Form.useForm<Fields>();
  const { log, importText } = useSightingChanges();
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  const [today] = useState(() => localDay(Date.now()));
  const [tomorrow] = useState(() => localDay(Date.now() + 86_400_000));
  const common = (v: Fields) => ({
    seenOn: v.seenOn || today,
    ...(v.airport ? { airportId: v.airport.value } : {}),
    public: v.public,
  });
  const onFinish = async (v: Fields) => {
    try {
      if (pasting) {
        await importText.mutateAsync({ text, ...common(v) });
        setText('');
      } else {
        await log.mutateAsync({ registration: v.registration, note: v.note, ...common(v) });
        form.setFieldsValue({ registration: '', note: '' });
      }
    } catch (e) {
      showFieldErrors(form, e, { airportId: 'airport', text: null });
    }
  };
  const readFile = async (file: File | undefined) => {
    if (file) setText((await file.text()).replace(/^\uFEFF/, ''));
  };
  return (
    <AntdProvider>
      <Form<Fields>
        form={form}
        layout="vertical"
        className="panel sighting-form"
        initialValues={{ seenOn: today, public: false, note: '', registration: '' }}
        onFinish={(v) => void onFinish(v)}
        data-testid="sighting-form"
      >
        <div className="sighting-form-row">
          {!pasting && (
            <Form.Item name="registration" label="注册号" rules={[{ required: true, whitespace: true, message: '请填写注册号' }]}>
              <Input placeholder="如 B-30EE" maxLength={20} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="seenOn" label="日期">
            <Input type="date" max={tomorrow} />
          </Form.Item>
          <Form.Item name="airport" label="机场">
            <ReferenceSelect kind="airports" suggestMissing={false} placeholder="可不填" />
          </Form.Item>
          {!pasting && (
            <Form.Item name="note" label="备注">
              <Input maxLength={200} placeholder="只有你能看到" />
            </Form.Item>
          )}
        </div>
        {pasting && (
          <Form.Item
            label="粘贴列表或 CSV"
            extra="每行一个注册号；或 CSV：注册号, 日期, 机场代码, 备注, 公开（1 或 0），与导出的文件相同。"
          >
            <Input.TextArea
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'B-30EE\nB-1234,2026-05-01,ZBAA,首航,1'}
              data-testid="sighting-paste"
            />
            <label className="btn sighting-file">
              选择 CSV 文件
              <input
                type="file"
                accept=".csv,text/csv,text/plain"
                style={{ display: 'none' }}
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
            </label>
          </Form.Item>
        )}
        <div className="sighting-form-row">
          <Form.Item name="public" valuePropName="checked">
            <Checkbox>公开（其他人可以看到注册号、日期和机场，看不到备注）</Checkbox>
          </Form.Item>
        </div>
        <div className="sighting-form-actions">
          <Button
            type="primary"
            htmlType="submit"
            loading={log.isPending || importText.isPending}
            disabled={pasting && !text.trim()}
          >
            {pasting ? '导入' : '记录'}
          </Button>
          <Button type="link" onClick={() => setPasting(!pasting)}>
            {pasting ? '逐条记录' : '粘贴列表或 CSV'}
          </Button>
        </div>
      </Form>
    </AntdProvider>
  );
}
