import { defaultWatermark, PHOTO_MESSAGES, type Watermark } from '@contract/photo-files';
import type { PhotoMeta } from '@contract/photos';
import { PHONE_TEXTS } from '@contract/phone-texts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Callout } from '../../../components/callout.js';
import { useMyPhone, verifyPhonePath } from '../../../lib/phone.js';
import { useSession } from '../../../lib/use-session.js';
import { useDuplicates } from '../api/check-duplicates.js';
import { useUploadQueue } from '../api/get-upload-queue.js';
import type { PickedPhoto } from '../lib/pick-photo.js';
import type { ShrinkOffer } from '../lib/shrink-photo.js';
import { PhotoFileField } from './photo-file-field.js';
import { ShrinkOfferCard } from './shrink-offer.js';
import { UploadFacts, type KeptFacts } from './upload-facts.js';

// The whole form (the queue, the photo, the watermark and the facts) is our own and comes with this
// chunk (issue 34, item 24: the form waited for Ant Design's many chunks and its first render).
const loadPicker = () => import('../lib/pick-photo.js');

/**
 * Once the page has been painted, the photo's reader (exifr and the image checks) is asked for, so it
 * loads while the member looks at the form or picks a file, never before it shows. A tab in the
 * background paints nothing and runs no frames: it asks at once.
 */
function useReaderAfterFirstPaint(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const paint = () => {
      timer = setTimeout(() => {
        // A failure here is met again, and said, where it is used.
        loadPicker().catch(() => undefined);
      });
    };
    let frame = 0;
    if (document.visibilityState === 'hidden') paint();
    else frame = requestAnimationFrame(paint);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
}

type Slots = NonNullable<ReturnType<typeof useUploadQueue>['data']>['slots'];

function UploadForm({ slots }: { slots: Slots }) {
  const freeNormal = Math.max(0, slots.normal - slots.normalUsed);
  const freePriority = Math.max(0, slots.priority - slots.priorityUsed);
  const noSlot = freeNormal === 0 && freePriority === 0;
  const [queue, setQueue] = useState<PhotoMeta['queue']>(freeNormal > 0 || freePriority === 0 ? 'normal' : 'priority');
  const [queueError, setQueueError] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [offer, setOffer] = useState<ShrinkOffer | null>(null);
  const [watermarkOn, setWatermarkOn] = useState(false);
  const [watermark, setWatermark] = useState<Watermark>(() => defaultWatermark({ width: 0, height: 0 }));
  const [done, setDone] = useState<{ id: number } | null>(null);
  const [kept, setKept] = useState<KeptFacts | null>(null);
  /** A new facts form after 继续上传: its fields start again from what was kept. */
  const [round, setRound] = useState(0);
  const fileArea = useRef<HTMLDivElement>(null);
  // The same query the file field shows (one request): an exact copy of one's own photo is not sent.
  const ownCopy = useDuplicates(picked).data?.ownCopy ?? null;

  const pick = async (file: File) => {
    setFileError(null);
    setOffer(null);
    setPicked(null);
    const result = await (await loadPicker()).pickPhoto(file);
    if (!result.ok) {
      setFileError(result.reason);
      setOffer(result.offer);
      return;
    }
    const { photo } = result;
    setPicked(photo);
    setWatermark((w) => ({ ...defaultWatermark(photo), scale: w.scale, opacity: w.opacity }));
  };

  /** No photo yet (or one's own copy): say so on the file area and bring it into view (on a phone it is far above the button). */
  const fileNeeded = () => {
    if (!picked) setFileError(PHOTO_MESSAGES.missingFile);
    fileArea.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  /** "Upload another with the same airport and date": keep those and the queue, clear the rest. */
  const another = () => {
    setPicked(null);
    setWatermarkOn(false);
    setDone(null);
    setRound((r) => r + 1);
  };

  if (done) {
    return (
      <div className="upload-done" role="status" data-testid="upload-done">
        <div className="upload-done-mark" aria-hidden="true">
          ✓
        </div>
        <h2>{PHOTO_MESSAGES.uploaded}</h2>
        <p className="muted">{`图片 #${done.id} 正在排队等待审核。`}</p>
        <div className="upload-done-actions">
          <Link className="btn btn-primary" to="/queue/upload">
            查看待审队列
          </Link>
          <button type="button" className="btn" onClick={another}>
            继续上传（相同机场和日期）
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="upload-form" data-testid="upload-form">
      <div className="form-row" role="radiogroup" aria-labelledby="upload-queue-label">
        <div className="form-label" id="upload-queue-label">
          队列
        </div>
        <div className="choice-row">
          {(
            [
              ['normal', `普通队列（剩余 ${freeNormal}）`, freeNormal === 0],
              ['priority', `优先队列（剩余 ${freePriority}）`, freePriority === 0],
            ] as const
          ).map(([value, label, disabled]) => (
            <label key={value} className={`choice${disabled ? ' choice-disabled' : ''}`}>
              <input
                type="radio"
                name="queue"
                value={value}
                checked={queue === value}
                disabled={disabled}
                onChange={() => {
                  setQueue(value);
                  setQueueError(null);
                }}
              />
              {label}
            </label>
          ))}
        </div>
        {freePriority === 0 && (
          <div className="form-extra" data-testid="priority-why">
            {priorityWhy(slots)}
            <Link to="/guide/upload#queue">队列与名额说明</Link>
          </div>
        )}
        {queueError && <div className="form-error">{queueError}</div>}
      </div>
      {noSlot && (
        <Callout type="warning" title="队列已满：等待审核的图片已占满你的名额。请等待审核结果，或在待审队列中撤回图片。" />
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
          <label className={`choice form-row${picked ? '' : ' choice-disabled'}`}>
            <input type="checkbox" checked={watermarkOn} disabled={!picked} onChange={(e) => setWatermarkOn(e.target.checked)} />
            添加网站水印（只加在公开图片上，原图不变）
          </label>
        </div>
        <div>
          <UploadFacts
            key={round}
            picked={picked}
            ownCopy={ownCopy !== null}
            queue={queue}
            watermark={watermarkOn ? watermark : null}
            noSlot={noSlot}
            kept={kept}
            onFileNeeded={fileNeeded}
            onFileIssue={setFileError}
            onQueueIssue={setQueueError}
            onUploaded={(id, facts) => {
              setKept(facts);
              setDone({ id });
              // The result replaces the long form: show it from its top, not from where the button was.
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      </div>
    </div>
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
  useReaderAfterFirstPaint();
  const session = useSession();
  const phone = useMyPhone(session !== null);
  const queue = useUploadQueue();
  const gated = phone.data?.required === true && !phone.data.verified;
  const slots = queue.data?.slots;
  return (
    <div className="panel">
      <h1 style={{ marginTop: 0 }}>上传图片</h1>
      <p className="muted">
        第一次上传？请先阅读<Link to="/guide/upload">上传指南</Link>和<Link to="/guide/standard">审图标准</Link>
        。只上传本人拍摄的照片。
      </p>
      {gated && session ? (
        <PhoneGate userId={session.id} />
      ) : slots ? (
        <UploadForm slots={slots} />
      ) : (
        <div className="route-loading">加载中…</div>
      )}
    </div>
  );
}
