import { UPLOAD_LIMITS } from '@contract/catalogues';
import { useState } from 'react';
import { Callout } from '../../../components/callout.js';
import { SHRINK_QUALITY, shrinkPhoto, type ShrinkOffer } from '../lib/shrink-photo.js';

const mb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * A camera original over the limits: what it is, what it would become, and one click to shrink it in
 * the browser and use the copy (the server's limits stay as they are).
 */
export function ShrinkOfferCard({ offer, onShrunk }: { offer: ShrinkOffer; onShrunk: (file: File) => void }) {
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const shrink = async () => {
    setWorking(true);
    setFailed(false);
    try {
      onShrunk(await shrinkPhoto(offer));
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };
  return (
    <Callout type="info" title="可以在浏览器里缩小后上传">
      <div data-testid="shrink-offer">
        <p style={{ margin: '4px 0' }}>
          这张照片 {offer.width}×{offer.height} 像素、{mb(offer.file.size)}；上传上限为长边 {UPLOAD_LIMITS.maxLongEdge} 像素、
          {mb(UPLOAD_LIMITS.maxBytes)}。缩小到 {offer.target.width}×{offer.target.height} 像素（JPEG 质量{' '}
          {Math.round(SHRINK_QUALITY * 100)}），保留拍摄时间、相机和镜头信息，原文件不会改变。
        </p>
        {failed && (
          <p style={{ margin: '4px 0', color: 'var(--c-error)' }}>这个浏览器无法缩小这张照片，请用修图软件缩小后再上传。</p>
        )}
        <button
          type="button"
          className="btn btn-primary"
          aria-busy={working}
          disabled={working}
          onClick={() => void shrink()}
          data-testid="shrink-button"
        >
          缩小到 {offer.target.width}×{offer.target.height} 并使用
        </button>
      </div>
    </Callout>
  );
}
