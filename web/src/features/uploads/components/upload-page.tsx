import { defaultWatermark, PHOTO_MESSAGES, type PhotoMeta, type Watermark } from '@contract/photos';
import { Alert, Button, Checkbox, Form, Progress, Radio, Result } from 'antd';
import { useRef, useState } from 'react';
import { PHONE_TEXTS } from '@contract/phones';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { FactsFields } from '../../../components/facts-fields.js';
import {
  ALL_FACTS,
  EMPTY_FACTS,
  FACT_FIELDS_OF_PATHS,
  metaFactsOf,
  militaryWord,
  type FactsValues,
} from '../../../components/facts-values.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useMyPhone, verifyPhonePath } from '../../../lib/phone.js';
import { useSession } from '../../../lib/use-session.js';
import { useDuplicates } from '../api/check-duplicates.js';
import { useUploadQueue } from '../api/get-upload-queue.js';
import { useUploadPhoto } from '../api/upload-photo.js';
import { pickPhoto, type PickedPhoto } from '../lib/pick-photo.js';
import type { ShrinkOffer } from '../lib/shrink-photo.js';
import { PhotoFileField } from './photo-file-field.js';
import { RegistrationOffer } from './registration-offer.js';
import { ShrinkOfferCard } from './shrink-offer.js';

/** The form's values: the photo's facts, the queue and the watermark switch. */
interface Fields extends FactsValues, Pick<PhotoMeta, 'queue'> {
  watermarkOn: boolean;
}

function UploadForm() {
  const [form] = Form.useForm<Fields>();
  const queue = useUploadQueue();
  const upload = useUploadPhoto();
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [offer, setOffer] = useState<ShrinkOffer | null>(null);
  const [watermark, setWatermark] = useState<Watermark>(() => defaultWatermark({ width: 0, height: 0 }));
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<{ id: number } | null>(null);
  const fileArea = useRef<HTMLDivElement>(null);
  const watermarkOn = Form.useWatch('watermarkOn', form);
  // The same query the file field shows (one request): an exact copy of one's own photo is not sent.
  const ownCopy = useDuplicates(picked).data?.ownCopy ?? null;

  const slots = queue.data?.slots;
  const freeNormal = slots ? Math.max(0, slots.normal - slots.normalUsed) : 0;
  const freePriority = slots ? Math.max(0, slots.priority - slots.priorityUsed) : 0;
  const noSlot = !!slots && freeNormal === 0 && freePriority === 0;

  const pick = async (file: File) => {
    setFileError(null);
    setOffer(null);
    setPicked(null);
    const result = await pickPhoto(file);
    if (!result.ok) {
      setFileError(result.reason);
      setOffer(result.offer);
      return;
    }
    const { photo } = result;
    setPicked(photo);
    setWatermark((w) => ({ ...defaultWatermark(photo), scale: w.scale, opacity: w.opacity }));
    if (photo.exif.takenOn) form.setFieldValue('takenOn', photo.exif.takenOn);
  };

  /** No photo yet: say so on the file area and bring it into view (on a phone it is far above the button). */
  const askForFile = () => {
    setFileError(PHOTO_MESSAGES.missingFile);
    fileArea.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  const submit = async (v: Fields) => {
    if (!picked) {
      askForFile();
      return;
    }
    if (ownCopy) {
      fileArea.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const meta: PhotoMeta = {
      ...metaFactsOf(v),
      queue: v.queue,
      watermark: v.watermarkOn ? watermark : null,
      ...militaryWord(v.categories, v),
    };
    setProgress(0);
    try {
      const { photo } = await upload.mutateAsync({ file: picked.file, meta, onProgress: setProgress });
      setDone({ id: photo.id });
      // The result replaces the long form: show it from its top, not from where the button was.
      window.scrollTo({ top: 0 });
    } catch (e) {
      setProgress(null);
      const elsewhere = showFieldErrors(form, e, { ...FACT_FIELDS_OF_PATHS, file: null });
      const fileIssue = elsewhere.find((i) => i.path[0] === 'file');
      if (fileIssue) setFileError(fileIssue.message);
    }
  };

  /** "Upload another with the same airport and date": keep those, clear the rest. */
  const another = () => {
    const keep = form.getFieldsValue(['airport', 'inFlight', 'takenOn', 'queue', 'categories']);
    form.resetFields();
    form.setFieldsValue(keep);
    setPicked(null);
    setDone(null);
    setProgress(null);
  };

  if (!slots) return <div className="route-loading">加载中…</div>;

  if (done) {
    return (
      <Result
        status="success"
        title={PHOTO_MESSAGES.uploaded}
        subTitle={`图片 #${done.id} 正在排队等待审核。`}
        extra={[
          <Link key="queue" className="btn btn-primary" to="/queue/upload">
            查看待审队列
          </Link>,
          <Button key="again" onClick={another}>
            继续上传（相同机场和日期）
          </Button>,
        ]}
      />
    );
  }

  const initialValues: Fields = {
    ...EMPTY_FACTS,
    categories: ['airliner'],
    queue: freeNormal > 0 || freePriority === 0 ? 'normal' : 'priority',
    watermarkOn: false,
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={(v) => void submit(v)}
      onFinishFailed={() => {
        if (!picked) askForFile();
      }}
      scrollToFirstError={picked ? { behavior: 'smooth', block: 'center' } : false}
      data-testid="upload-form"
    >
      <Form.Item
        label="队列"
        name="queue"
        rules={[{ required: true, message: '请选择队列' }]}
        extra={
          freePriority === 0 && (
            <span data-testid="priority-why">
              {priorityWhy(slots)}
              <Link to="/guide/upload#queue">队列与名额说明</Link>
            </span>
          )
        }
      >
        <Radio.Group>
          <Radio value="normal" disabled={freeNormal === 0}>{`普通队列（剩余 ${freeNormal}）`}</Radio>
          <Radio value="priority" disabled={freePriority === 0}>{`优先队列（剩余 ${freePriority}）`}</Radio>
        </Radio.Group>
      </Form.Item>
      {noSlot && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="队列已满：等待审核的图片已占满你的名额。请等待审核结果，或在待审队列中撤回图片。"
        />
      )}
      <div className="upload-grid">
        <div ref={fileArea}>
          <PhotoFileField
            picked={picked}
            error={fileError}
            onPick={(file) => void pick(file)}
            onClear={() => setPicked(null)}
            watermark={watermarkOn ? watermark : null}
            onWatermark={setWatermark}
          />
          {offer && <ShrinkOfferCard offer={offer} onShrunk={(file) => void pick(file)} />}
          <Form.Item name="watermarkOn" valuePropName="checked">
            <Checkbox disabled={!picked}>添加网站水印（只加在公开图片上，原图不变）</Checkbox>
          </Form.Item>
        </div>
        <div>
          <FactsFields
            facts={ALL_FACTS}
            takenOnHint={picked?.exif.takenOn ? '已从 EXIF 读取（相机本地日期）' : undefined}
            afterRegistration={<RegistrationOffer />}
            askMilitary={[]}
          />
          {progress !== null && (
            <div data-testid="upload-progress">
              <Progress percent={Math.round(progress * 100)} status="active" />
              {/* The file has left the browser; renditions and checks take a few seconds more. */}
              {progress >= 1 && (
                <p className="muted" role="status" data-testid="upload-processing" style={{ margin: '0 0 8px' }}>
                  处理中…正在生成各尺寸图片并做自动检查
                </p>
              )}
            </div>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            disabled={noSlot || progress !== null}
            title={noSlot ? '队列已满' : undefined}
          >
            上传
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** Why the priority queue is greyed out, and how a member comes to have slots in it. */
function priorityWhy(slots: { priority: number; priorityUsed: number }): string {
  return slots.priority === 0
    ? '优先队列的名额由管理员授予出图稳定、通过率高的飞友，用于时效性强的照片（如首航、特殊涂装）；你目前没有优先名额。'
    : `你的 ${slots.priority} 个优先名额都在使用中：其中的图片审完或撤回后即可再用。`;
}

/** 实名验证 on and no verified phone (issue 38): the page says why and leads to the settings' phone. */
function PhoneGate({ userId }: { userId: number }) {
  return (
    <div className="phone-gate" role="status" data-testid="phone-gate">
      <p>{PHONE_TEXTS.required}。号码只用于验证身份，不会向其他会员展示。</p>
      <Link className="btn btn-primary" to={verifyPhonePath(userId)}>
        去验证手机号
      </Link>
    </div>
  );
}

export function Component() {
  const session = useSession();
  const phone = useMyPhone(session !== null);
  const gated = phone.data?.required === true && !phone.data.verified;
  return (
    <AntdProvider>
      <div className="panel">
        <h1 style={{ marginTop: 0 }}>上传图片</h1>
        <p className="muted">
          第一次上传？请先阅读<Link to="/guide/upload">上传指南</Link>和<Link to="/guide/standard">审图标准</Link>
          。只上传本人拍摄的照片。
        </p>
        {gated && session ? <PhoneGate userId={session.id} /> : <UploadForm />}
      </div>
    </AntdProvider>
  );
}
