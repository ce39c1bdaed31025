import type { PhotoMeta, Watermark } from '@contract/photos';
import { Button, Form, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { withAntd } from '../../../components/antd-provider.js';
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
import { useUploadPhoto } from '../api/upload-photo.js';
import type { PickedPhoto } from '../lib/pick-photo.js';
import { RegistrationOffer } from './registration-offer.js';

/** What "继续上传（相同机场和日期）" keeps of the last upload's facts. */
export type KeptFacts = Pick<FactsValues, 'airport' | 'inFlight' | 'takenOn' | 'categories'>;

export interface UploadFactsProps {
  picked: PickedPhoto | null;
  /** The picked file is the member's own photo already: nothing is sent. */
  ownCopy: boolean;
  queue: PhotoMeta['queue'];
  /** The mark's place, when 添加网站水印 is ticked. */
  watermark: Watermark | null;
  noSlot: boolean;
  kept: KeptFacts | null;
  /** Sending was asked for without a photo, or with the member's own copy: the file area says why. */
  onFileNeeded: () => void;
  onFileIssue: (message: string) => void;
  onQueueIssue: (message: string) => void;
  onUploaded: (id: number, kept: KeptFacts) => void;
}

/**
 * The upload's facts, Ant Design's form with its selectors, and 上传: loaded beside the form's first
 * screen (upload-page.tsx), which holds the photo, the queue and the watermark.
 */
function UploadFacts(p: UploadFactsProps) {
  const [form] = Form.useForm<FactsValues>();
  const upload = useUploadPhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const takenOn = p.picked?.exif.takenOn;
  // A photo picked before this part arrived, or after, gives its date taken.
  useEffect(() => {
    if (takenOn) form.setFieldValue('takenOn', takenOn);
  }, [form, takenOn]);

  const submit = async (v: FactsValues) => {
    if (!p.picked || p.ownCopy) {
      p.onFileNeeded();
      return;
    }
    const meta: PhotoMeta = {
      ...metaFactsOf(v),
      queue: p.queue,
      watermark: p.watermark,
      ...militaryWord(v.categories, v),
    };
    setProgress(0);
    try {
      const { photo } = await upload.mutateAsync({ file: p.picked.file, meta, onProgress: setProgress });
      p.onUploaded(photo.id, form.getFieldsValue(['airport', 'inFlight', 'takenOn', 'categories']) as KeptFacts);
    } catch (e) {
      setProgress(null);
      const elsewhere = showFieldErrors(form, e, { ...FACT_FIELDS_OF_PATHS, file: null, queue: null });
      for (const issue of elsewhere) {
        if (issue.path[0] === 'file') p.onFileIssue(issue.message);
        if (issue.path[0] === 'queue') p.onQueueIssue(issue.message);
      }
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ ...EMPTY_FACTS, categories: ['airliner'], ...p.kept }}
      onFinish={(v) => void submit(v)}
      onFinishFailed={() => {
        if (!p.picked) p.onFileNeeded();
      }}
      scrollToFirstError={p.picked ? { behavior: 'smooth', block: 'center' } : false}
      data-testid="upload-facts"
    >
      <FactsFields
        facts={ALL_FACTS}
        takenOnHint={takenOn ? '已从 EXIF 读取（相机本地日期）' : undefined}
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
        disabled={p.noSlot || progress !== null}
        title={p.noSlot ? '队列已满' : undefined}
      >
        上传
      </Button>
    </Form>
  );
}

export default withAntd(UploadFacts);
