import { NOTAM_LIMITS, MANAGE_MESSAGES, type Notam, type NotamRequest } from '@contract/manage';
import { Button, Card, Form, Input, Switch } from 'antd';
import { NotamCard } from '../../../components/notam-card.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useCreateNotam } from '../api/create-notam.js';
import { useUpdateNotam } from '../api/update-notam.js';
import { fromLocalInput, toLocalInput } from '../lib/notam-time.js';

interface Fields {
  title: string;
  content: string;
  startsAt: string;
  endsAt: string;
  published: boolean;
}

const fieldsOf = (n: Notam | null): Fields => ({
  title: n?.title ?? '',
  content: n?.content ?? '',
  startsAt: toLocalInput(n?.startsAt ?? null),
  endsAt: toLocalInput(n?.endsAt ?? null),
  published: n?.published ?? false,
});

const requestOf = (v: Fields): NotamRequest => ({
  title: v.title.trim(),
  content: v.content.trim(),
  published: v.published,
  startsAt: fromLocalInput(v.startsAt),
  endsAt: fromLocalInput(v.endsAt),
});

/** The dialog as visitors will see it, drawn by the home page's own card over the same dim backdrop. */
function Preview({ title, content }: { title: string; content: string }) {
  return (
    <div className="notam-preview" data-testid="notam-preview">
      <div className="notam-preview-label">预览：首页弹窗</div>
      {title.trim() || content.trim() ? (
        <NotamCard title={title.trim()} content={content.trim()} aria-label="NOTAM 预览" />
      ) : (
        <p className="notam-preview-empty">填写标题和内容后，这里会显示访客在首页看到的弹窗。</p>
      )}
    </div>
  );
}

/**
 * A new NOTAM or an edit of one: the form beside a live preview. Content is plain text; web
 * addresses become links on the home page, and nothing in it is ever read as HTML.
 */
export function NotamEditor({
  editing,
  onDone,
  onDirty,
}: {
  editing: Notam | null;
  onDone: () => void;
  /** Told once the form holds typing not saved yet, so the page can ask before throwing it away. */
  onDirty: (dirty: boolean) => void;
}) {
  const [form] = Form.useForm<Fields>();
  const create = useCreateNotam();
  const update = useUpdateNotam();
  const title = (Form.useWatch('title', form) as string | undefined) ?? editing?.title ?? '';
  const content = (Form.useWatch('content', form) as string | undefined) ?? editing?.content ?? '';
  const pending = create.isPending || update.isPending;

  const submit = async () => {
    const body = requestOf(await form.validateFields());
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      onDone();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };

  return (
    <Card
      className="notam-panel"
      title={editing ? `编辑 NOTAM：${editing.title}` : '新建 NOTAM'}
      extra={
        editing && (
          <Button type="link" onClick={onDone}>
            放弃编辑
          </Button>
        )
      }
      data-testid="notam-editor"
    >
      <div className="notam-editor">
        <Form
          form={form}
          layout="vertical"
          initialValues={fieldsOf(editing)}
          onValuesChange={() => onDirty(true)}
          onFinish={() => void submit()}
          className="notam-form"
        >
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={NOTAM_LIMITS.title} showCount placeholder="例如：五一假期审图安排" data-testid="notam-title" />
          </Form.Item>
          <Form.Item
            name="content"
            label="内容"
            extra="纯文本：换行会保留，http(s) 网址会变成可点击的链接，HTML 会原样显示为文字。"
            rules={[{ required: true, whitespace: true, message: '请填写内容' }]}
          >
            <Input.TextArea
              maxLength={NOTAM_LIMITS.content}
              showCount
              autoSize={{ minRows: 5, maxRows: 14 }}
              data-testid="notam-content-input"
            />
          </Form.Item>
          <div className="notam-window">
            <Form.Item name="startsAt" label="开始时间（可选）" extra="留空：发布后立即显示">
              <Input type="datetime-local" data-testid="notam-starts" />
            </Form.Item>
            <Form.Item
              name="endsAt"
              label="结束时间（可选）"
              extra="留空：一直显示，直到取消发布"
              dependencies={['startsAt']}
              rules={[
                ({ getFieldValue }) => ({
                  validator(_, value: string | undefined) {
                    const start = fromLocalInput(getFieldValue('startsAt') as string | undefined);
                    const end = fromLocalInput(value);
                    return start !== null && end !== null && end <= start
                      ? Promise.reject(new Error(MANAGE_MESSAGES.notamWindow))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input type="datetime-local" data-testid="notam-ends" />
            </Form.Item>
          </div>
          <Form.Item
            name="published"
            label="发布"
            valuePropName="checked"
            extra="发布后，时间窗口内打开首页的访客会看到这条 NOTAM。"
          >
            <Switch data-testid="notam-published" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="notam-save">
            {editing ? '保存修改' : '保存'}
          </Button>
        </Form>
        <Preview title={title} content={content} />
      </div>
    </Card>
  );
}
