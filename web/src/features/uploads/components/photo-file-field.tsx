import { adviceFor } from '@contract/image-analysis';
import { UPLOAD_LIMITS } from '@contract/catalogues';
import type { Watermark } from '@contract/photo-files';
import { lazy, Suspense, useId, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Callout } from '../../../components/callout.js';
import { useDuplicates } from '../api/check-duplicates.js';
import type { PickedPhoto } from '../lib/pick-photo.js';

// The editor's sliders are Ant Design's: it loads when 添加网站水印 is ticked, not with the form.
const WatermarkEditor = lazy(() => import('./watermark-editor.js'));

interface Props {
  picked: PickedPhoto | null;
  error: string | null;
  onPick: (file: File) => void;
  onClear: () => void;
  /** The mark's place while 添加网站水印 is ticked; null shows the plain preview. */
  watermark: Watermark | null;
  onWatermark: (w: Watermark) => void;
}

/**
 * The upload's picture: a drop area, then the preview (or the watermark editor), its size and the advice.
 * Our own elements, so the form's first screen is usable before Ant Design has loaded.
 */
export function PhotoFileField({ picked, error, onPick, onClear, watermark, onWatermark }: Props) {
  const duplicates = useDuplicates(picked);
  const ownCopy = picked ? (duplicates.data?.ownCopy ?? null) : null;
  // The member's own copy is said on its own (and refused); the rest are advice.
  const lookAlikes = (duplicates.data?.items ?? []).filter((d) => d.photoId !== ownCopy?.photoId);
  const advice = picked ? adviceFor(picked.analysis, lookAlikes) : [];
  const labelId = useId();
  return (
    <div className="form-row" role="group" aria-labelledby={labelId}>
      <div className="form-label" id={labelId}>
        图片
      </div>
      {picked ? (
        <>
          {watermark ? (
            <Suspense fallback={<img className="upload-preview" src={picked.url} alt="预览" />}>
              <WatermarkEditor
                previewUrl={picked.url}
                width={picked.width}
                height={picked.height}
                value={watermark}
                onChange={onWatermark}
              />
            </Suspense>
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
          <button type="button" className="link" onClick={onClear}>
            换一张
          </button>
        </>
      ) : (
        <DropArea onPick={onPick} />
      )}
      {ownCopy && (
        <Callout type="error" title={ownCopy.message} testId="own-copy">
          <Link to={`/photo/${ownCopy.photoId}`}>查看图片 #{ownCopy.photoId}</Link>
        </Callout>
      )}
      {error && <Callout type="error" title={error} testId="file-error" />}
    </div>
  );
}

/** A JPEG dropped on the area, or chosen by a click or the keyboard (the file input inside it). */
function DropArea({ onPick }: { onPick: (file: File) => void }) {
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onPick(file);
  };
  return (
    <label
      className={`drop-area${over ? ' drop-area-over' : ''}`}
      data-testid="file-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        type="file"
        accept="image/jpeg,.jpg,.jpeg"
        className="drop-area-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file may be chosen again after 换一张.
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      <span className="drop-area-title">拖放 JPEG 图片到这里，或点击选择</span>
      <span className="muted">
        最大 {UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB；长边 {UPLOAD_LIMITS.minLongEdge}–{UPLOAD_LIMITS.maxLongEdge}{' '}
        像素，短边至少 {UPLOAD_LIMITS.minShortEdge} 像素
      </span>
    </label>
  );
}
