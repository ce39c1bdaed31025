import { adviceFor } from '@contract/image-analysis';
import { UPLOAD_LIMITS, type Watermark } from '@contract/photos';
import { Alert, Button, Form, Upload } from 'antd';
import { Link } from 'react-router';
import { useDuplicates } from '../api/check-duplicates.js';
import type { PickedPhoto } from '../lib/pick-photo.js';
import { WatermarkEditor } from './watermark-editor.js';

interface Props {
  picked: PickedPhoto | null;
  error: string | null;
  onPick: (file: File) => void;
  onClear: () => void;
  /** The mark's place while 添加网站水印 is ticked; null shows the plain preview. */
  watermark: Watermark | null;
  onWatermark: (w: Watermark) => void;
}

/** The upload's picture: a drop area, then the preview (or the watermark editor), its size and the advice. */
export function PhotoFileField({ picked, error, onPick, onClear, watermark, onWatermark }: Props) {
  const duplicates = useDuplicates(picked);
  const ownCopy = picked ? (duplicates.data?.ownCopy ?? null) : null;
  // The member's own copy is said on its own (and refused); the rest are advice.
  const lookAlikes = (duplicates.data?.items ?? []).filter((d) => d.photoId !== ownCopy?.photoId);
  const advice = picked ? adviceFor(picked.analysis, lookAlikes) : [];
  return (
    <Form.Item label="图片" required>
      {picked ? (
        <>
          {watermark ? (
            <WatermarkEditor
              previewUrl={picked.url}
              width={picked.width}
              height={picked.height}
              value={watermark}
              onChange={onWatermark}
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
          <Button type="link" style={{ padding: 0 }} onClick={onClear}>
            换一张
          </Button>
        </>
      ) : (
        <Upload.Dragger
          accept="image/jpeg,.jpg,.jpeg"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            onPick(file);
            return false;
          }}
          data-testid="file-drop"
        >
          <p style={{ fontSize: 16, margin: '12px 0 4px' }}>拖放 JPEG 图片到这里，或点击选择</p>
          <p className="muted" style={{ margin: 0 }}>
            最大 {UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB；长边 {UPLOAD_LIMITS.minLongEdge}–{UPLOAD_LIMITS.maxLongEdge}{' '}
            像素，短边至少 {UPLOAD_LIMITS.minShortEdge} 像素
          </p>
        </Upload.Dragger>
      )}
      {ownCopy && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={ownCopy.message}
          description={<Link to={`/photo/${ownCopy.photoId}`}>查看图片 #{ownCopy.photoId}</Link>}
          data-testid="own-copy"
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginTop: 8 }} title={error} data-testid="file-error" />}
    </Form.Item>
  );
}
