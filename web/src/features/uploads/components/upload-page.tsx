import type { ExifFacts } from '@contract/exif';
import { adviceFor, type Analysis } from '@contract/image-analysis';
import {
  defaultWatermark,
  NO_REGISTRATION,
  PHOTO_MESSAGES,
  REGISTRATION_PATTERN,
  UPLOAD_LIMITS,
  type PhotoMeta,
  type Watermark,
} from '@contract/photos';
import { Alert, Button, Checkbox, Form, Progress, Radio, Result, Upload } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useDuplicates } from '../api/check-duplicates.js';
import { useUploadQueue } from '../api/get-upload-queue.js';
import { useRegistrationLookup } from '../api/lookup-registration.js';
import { useUploadPhoto } from '../api/upload-photo.js';
import { analyseBitmap } from '../lib/analyse.js';
import { checkFile } from '../lib/check-file.js';
import { readExif } from '../lib/read-exif.js';
import { FACT_FIELDS_OF_PATHS, FactsFields, type FactsValues } from './facts-fields.js';
import { WatermarkEditor } from './watermark-editor.js';

/** The form's values: the photo's facts, the queue and the watermark switch. */
interface Fields extends FactsValues, Pick<PhotoMeta, 'queue'> {
  watermarkOn: boolean;
}

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
  exif: ExifFacts;
  analysis: Analysis;
  phash: string;
}

/** The registration to look up once typing pauses: a plausible one, or null. */
function useSettledRegistration(typed: string | undefined, none: boolean): string | null {
  const reg = typed?.trim().toUpperCase() ?? '';
  const candidate = !none && reg.length >= 3 && REGISTRATION_PATTERN.test(reg) ? reg : null;
  const settled = useDebouncedValue(candidate, 400);
  return candidate === null ? null : settled;
}

function UploadForm() {
  const [form] = Form.useForm<Fields>();
  const queue = useUploadQueue();
  const upload = useUploadPhoto();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [watermark, setWatermark] = useState<Watermark>(() => defaultWatermark({ width: 0, height: 0 }));
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<{ id: number } | null>(null);
  const noRegistration = Form.useWatch('noRegistration', form);
  const fileArea = useRef<HTMLDivElement>(null);
  const watermarkOn = Form.useWatch('watermarkOn', form);
  const registration = useSettledRegistration(Form.useWatch('registration', form), noRegistration);
  const duplicates = useDuplicates(picked?.phash ?? null);
  const advice = picked ? adviceFor(picked.analysis, duplicates.data?.items ?? []) : [];

  // Registration auto-fill: offer the facts of the most recent accepted photo of this airframe.
  const lookup = useRegistrationLookup(registration);
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const autoFill = registration !== null && registration !== filledFor ? (lookup.data ?? null) : null;

  const slots = queue.data?.slots;
  const freeNormal = slots ? Math.max(0, slots.normal - slots.normalUsed) : 0;
  const freePriority = slots ? Math.max(0, slots.priority - slots.priorityUsed) : 0;
  const noSlot = !!slots && freeNormal === 0 && freePriority === 0;

  const pick = async (file: File) => {
    setFileError(null);
    setPicked(null);
    const exif = await readExif(file);
    const checked = await checkFile(file, exif.orientation);
    if (!checked.ok) {
      setFileError(checked.reason);
      return;
    }
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      setFileError(PHOTO_MESSAGES.corrupt);
      return;
    }
    const { analysis, phash } = analyseBitmap(bitmap);
    bitmap.close();
    const { width, height } = checked;
    setPicked({ file, url: URL.createObjectURL(file), width, height, exif, analysis, phash });
    setWatermark((w) => ({ ...defaultWatermark({ width, height }), scale: w.scale, opacity: w.opacity }));
    if (exif.takenOn) form.setFieldValue('takenOn', exif.takenOn);
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
    const meta: PhotoMeta = {
      registration: v.noRegistration ? NO_REGISTRATION : (v.registration ?? '').trim().toUpperCase(),
      ...(v.msn?.trim() ? { msn: v.msn.trim() } : {}),
      aircraftTypeId: v.aircraftType!.value,
      ...(v.airline ? { airlineId: v.airline.value } : {}),
      ...(!v.inFlight && v.airport ? { airportId: v.airport.value } : {}),
      inFlight: v.inFlight,
      takenOn: v.takenOn!,
      categories: v.categories,
      ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
      ...(v.messageToScreener?.trim() ? { messageToScreener: v.messageToScreener.trim() } : {}),
      queue: v.queue,
      watermark: v.watermarkOn ? watermark : null,
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

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        queue: freeNormal > 0 || freePriority === 0 ? 'normal' : 'priority',
        noRegistration: false,
        inFlight: false,
        categories: ['airliner'],
        watermarkOn: false,
      }}
      onFinish={(v) => void submit(v)}
      onFinishFailed={() => {
        if (!picked) askForFile();
      }}
      scrollToFirstError={picked ? { behavior: 'smooth', block: 'center' } : false}
      data-testid="upload-form"
    >
      <Form.Item label="队列" name="queue" rules={[{ required: true, message: '请选择队列' }]}>
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
          message="队列已满：等待审核的图片已占满你的名额。请等待审核结果，或在待审队列中撤回图片。"
        />
      )}
      <div className="upload-grid">
        <div ref={fileArea}>
          <Form.Item label="图片" required>
            {picked ? (
              <>
                {watermarkOn ? (
                  <WatermarkEditor
                    previewUrl={picked.url}
                    width={picked.width}
                    height={picked.height}
                    value={watermark}
                    onChange={setWatermark}
                  />
                ) : (
                  <img className="upload-preview" src={picked.url} alt="预览" />
                )}
                <p className="muted" style={{ margin: '8px 0 0' }}>
                  {picked.width}×{picked.height} 像素 · {(picked.file.size / 1024 / 1024).toFixed(1)} MB
                  {picked.exif.summary.camera && ` · ${picked.exif.summary.camera}`}
                  {picked.exif.summary.lens && ` · ${picked.exif.summary.lens}`}
                </p>
                {advice.length > 0 && (
                  <ul className="advice" data-testid="advice">
                    {advice.map((a) => (
                      <li key={a}>{a}</li>
                    ))}
                  </ul>
                )}
                <Button type="link" style={{ padding: 0 }} onClick={() => setPicked(null)}>
                  换一张
                </Button>
              </>
            ) : (
              <Upload.Dragger
                accept="image/jpeg,.jpg,.jpeg"
                multiple={false}
                showUploadList={false}
                beforeUpload={(file) => {
                  void pick(file);
                  return false;
                }}
                data-testid="file-drop"
              >
                <p style={{ fontSize: 16, margin: '12px 0 4px' }}>拖放 JPEG 图片到这里，或点击选择</p>
                <p className="muted" style={{ margin: 0 }}>
                  最大 15 MB；长边 {UPLOAD_LIMITS.minLongEdge}–{UPLOAD_LIMITS.maxLongEdge} 像素，短边至少{' '}
                  {UPLOAD_LIMITS.minShortEdge} 像素
                </p>
              </Upload.Dragger>
            )}
            {fileError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={fileError} data-testid="file-error" />}
          </Form.Item>
          <Form.Item name="watermarkOn" valuePropName="checked">
            <Checkbox disabled={!picked}>添加网站水印（只加在公开图片上，原图不变）</Checkbox>
          </Form.Item>
        </div>
        <div>
          <FactsFields
            takenOnHint={picked?.exif.takenOn ? '已从 EXIF 读取（相机本地日期）' : undefined}
            afterRegistration={
              autoFill && (
                <Alert
                  type="info"
                  style={{ marginBottom: 16 }}
                  message={`${autoFill.registration} 上次记录：${[autoFill.aircraftType?.label, autoFill.airline?.label, autoFill.msn && `MSN ${autoFill.msn}`].filter(Boolean).join('，')}`}
                  action={
                    <Button
                      size="small"
                      onClick={() => {
                        form.setFieldsValue({
                          ...(autoFill.msn ? { msn: autoFill.msn } : {}),
                          ...(autoFill.aircraftType
                            ? { aircraftType: { value: autoFill.aircraftType.id, label: autoFill.aircraftType.label } }
                            : {}),
                          ...(autoFill.airline ? { airline: { value: autoFill.airline.id, label: autoFill.airline.label } } : {}),
                        });
                        setFilledFor(registration);
                      }}
                    >
                      填入
                    </Button>
                  }
                />
              )
            }
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

export function Component() {
  return (
    <AntdProvider>
      <div className="panel">
        <h1 style={{ marginTop: 0 }}>上传图片</h1>
        <p className="muted">
          第一次上传？请先阅读<Link to="/guide/upload">上传指南</Link>和<Link to="/guide/standard">审图标准</Link>
          。只上传本人拍摄的照片。
        </p>
        <UploadForm />
      </div>
    </AntdProvider>
  );
}
