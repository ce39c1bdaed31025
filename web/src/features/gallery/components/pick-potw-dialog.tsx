import { weekLabel, weekOf, weekStart } from '@contract/catalogues';
import type { PhotoResponse } from '@contract/photos';
import { POTW_LIMITS } from '@contract/potw';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { withAntd } from '../../../components/antd-provider.js';
import { registrationText } from '../../../components/photo-image.js';
import { submitDialog } from '../../../lib/form-errors.js';
import { usePickPotw, usePotwCurrent, usePotwUpcoming } from '../../../lib/potw.js';

const WEEK_MS = 7 * 86_400_000;

/** This week and the next ones a pick may be made for, each marked when already taken. */
function useWeekOptions() {
  const current = usePotwCurrent();
  const upcoming = usePotwUpcoming(true);
  const [thisWeek] = useState(() => weekOf(Date.now()));
  return useMemo(() => {
    const taken = new Map<string, string>();
    const now = current.data?.entry;
    if (now) taken.set(now.week, now.photo.registration);
    for (const e of upcoming.data?.items ?? []) taken.set(e.week, e.photo.registration);
    const first = weekStart(thisWeek);
    return Array.from({ length: POTW_LIMITS.weeksAhead + 1 }, (_, i) => {
      const week = weekOf(first + i * WEEK_MS);
      const reg = taken.get(week);
      const name = i === 0 ? `本周（${weekLabel(week)}）` : weekLabel(week);
      return { value: week, label: reg ? `${name} · 已选 ${registrationText(reg)}` : name, disabled: reg !== undefined };
    });
  }, [current.data, upcoming.data, thisWeek]);
}

function PickPotwForm({ photo, onClose }: { photo: PhotoResponse; onClose: () => void }) {
  const [form] = Form.useForm<{ week: string; comment: string }>();
  const pick = usePickPotw();
  const weeks = useWeekOptions();
  const firstFree = weeks.find((w) => !w.disabled)?.value;
  // The weeks taken arrive after the dialog opens: the choice moves off one that turns out taken.
  useEffect(() => {
    const chosen = weeks.find((w) => w.value === form.getFieldValue('week'));
    if (firstFree && (!chosen || chosen.disabled)) form.setFieldValue('week', firstFree);
  }, [weeks, firstFree, form]);
  const submit = () =>
    submitDialog(form, (values) => pick.mutateAsync({ photoId: photo.id, week: values.week, comment: values.comment }), onClose);
  return (
    <Modal
      open
      title={`把 ${registrationText(photo.registration)} 选为每周图片`}
      okText="选定"
      cancelText="取消"
      confirmLoading={pick.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">每周一张，整周展示在首页最上方并收入“每周图片”；每张图片只能当选一次，摄影师会收到通知。</p>
      <Form form={form} layout="vertical" requiredMark={false} data-testid="potw-form">
        <Form.Item name="week" label="哪一周" rules={[{ required: true, message: '请选择一周' }]}>
          <Select options={weeks} />
        </Form.Item>
        <Form.Item
          name="comment"
          label="推荐语"
          rules={[{ required: true, whitespace: true, message: '请写下推荐语' }]}
          extra="写给看图的人：这张图好在哪里。"
        >
          <Input.TextArea maxLength={POTW_LIMITS.commentMax} showCount autoSize={{ minRows: 3, maxRows: 8 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 选为每周图片 from the photo page (level ≥ 2); Ant Design comes with this chunk only. */
const PickPotwDialog = withAntd(PickPotwForm);
export default PickPotwDialog;
