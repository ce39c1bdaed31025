import { luma } from '@contract/image-analysis';
import { Checkbox, Modal, Radio } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';

interface Histograms {
  luma: number[];
  r: number[];
  g: number[];
  b: number[];
}

/** 256-bin histograms from a downscaled copy (enough to judge exposure and clipping). */
function histogramsOf(img: HTMLImageElement): Histograms {
  const scale = Math.min(1, 512 / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const h: Histograms = {
    luma: new Array(256).fill(0),
    r: new Array(256).fill(0),
    g: new Array(256).fill(0),
    b: new Array(256).fill(0),
  };
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    h.r[r]! += 1;
    h.g[g]! += 1;
    h.b[b]! += 1;
    h.luma[Math.round(luma(r, g, b))]! += 1;
  }
  return h;
}

function HistogramPath({ bins, color, max }: { bins: number[]; color: string; max: number }) {
  const d = bins.map((v, i) => `${i === 0 ? 'M' : 'L'}${i},${100 - (v / max) * 100}`).join(' ');
  return <path d={`${d} L255,100 L0,100 Z`} fill={color} fillOpacity={0.45} stroke={color} strokeWidth={0.6} />;
}

function Histogram({ series }: { series: { bins: number[]; color: string }[] }) {
  // Scale to the 99th percentile bin so one spike (a clear sky) does not flatten the rest.
  const sorted = series.flatMap((s) => s.bins).sort((a, b) => a - b);
  const max = Math.max(1, sorted[Math.floor(sorted.length * 0.99)] ?? 1);
  return (
    <svg className="histogram" viewBox="0 0 255 100" preserveAspectRatio="none">
      {series.map((s) => (
        <HistogramPath key={s.color} bins={s.bins.map((v) => Math.min(v, max))} color={s.color} max={max} />
      ))}
    </svg>
  );
}

/** A point of the picture, in its own pixels. */
interface Point {
  x: number;
  y: number;
}

/** How far an arrow key moves the 100 % view (Shift: most of a screen). */
const ARROW_STEP = 80;
/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP = 4;

/**
 * 100 % as a screener looks at it: opened on a point (the picture's centre, where a spotter frames the
 * aircraft — 主体不居中 is a reject reason — or where the fitted picture was clicked), moved by dragging
 * and by the arrow keys; a click without a drag goes back to the whole picture.
 */
function usePanning(zoom: 'fit' | '100', setZoom: (z: 'fit' | '100') => void) {
  const stage = useRef<HTMLDivElement>(null);
  const focus = useRef<Point | null>(null);
  const press = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);

  // Entering 100 %: the focus point in the middle of the stage, and the keys to the stage.
  useLayoutEffect(() => {
    const el = stage.current;
    const img = el?.querySelector('img');
    if (zoom !== '100' || !el || !img) return;
    const at = focus.current ?? { x: img.naturalWidth / 2, y: img.naturalHeight / 2 };
    focus.current = null;
    el.scrollLeft = at.x - el.clientWidth / 2;
    el.scrollTop = at.y - el.clientHeight / 2;
    el.focus({ preventScroll: true });
  }, [zoom]);

  // The arrow keys move the view while nothing else has the keyboard (no field, no dialog).
  useEffect(() => {
    if (zoom !== '100') return;
    const onKey = (e: KeyboardEvent) => {
      const el = stage.current;
      const mine = document.activeElement === document.body || (el?.contains(document.activeElement) ?? false);
      if (!el || !mine || e.ctrlKey || e.metaKey || e.altKey) return;
      const step = e.shiftKey ? Math.round(el.clientWidth * 0.8) : ARROW_STEP;
      const by = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
      if (!by) return;
      e.preventDefault();
      el.scrollBy({ left: by[0], top: by[1] });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom]);

  const handlers = {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      if (e.button !== 0) return;
      const el = e.currentTarget;
      press.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, moved: false };
      if (zoom === '100') el.setPointerCapture(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const p = press.current;
      if (!p || zoom !== '100') return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      if (!p.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
      p.moved = true;
      e.currentTarget.scrollLeft = p.left - dx;
      e.currentTarget.scrollTop = p.top - dy;
    },
    onPointerUp(e: PointerEvent<HTMLDivElement>) {
      const p = press.current;
      press.current = null;
      if (!p || p.moved) return;
      if (zoom === '100') return setZoom('fit');
      // A click on the fitted picture: 100 % on that point.
      const img = e.currentTarget.querySelector('img');
      const box = img?.getBoundingClientRect();
      if (!img || !box || e.target !== img) return;
      focus.current = {
        x: ((e.clientX - box.left) / box.width) * img.naturalWidth,
        y: ((e.clientY - box.top) / box.height) * img.naturalHeight,
      };
      setZoom('100');
    },
    onPointerCancel() {
      press.current = null;
    },
  };
  return { stage, handlers };
}

/**
 * The original with the screening tools (PRODUCT.md §3.10): fit or 100 %, luminance and RGB
 * histograms, horizon grid, centre guides and a contrast stretch that shows dust and halos.
 * Inline on the screening page; in a dialog (OriginalViewer) on the member's own queue.
 */
export function OriginalInspector({ url, title }: { url: string; title: string }) {
  const [zoom, setZoom] = useState<'fit' | '100'>('fit');
  const [tools, setTools] = useState<string[]>(['luma']);
  const [hist, setHist] = useState<Histograms | null>(null);
  const on = useMemo(() => new Set(tools), [tools]);
  const { stage, handlers } = usePanning(zoom, setZoom);

  useEffect(() => {
    const img = new Image();
    img.onload = () => setHist(histogramsOf(img));
    img.src = url;
  }, [url]);

  return (
    <>
      <div className="viewer-toolbar">
        <Radio.Group value={zoom} onChange={(e) => setZoom(e.target.value as 'fit' | '100')} optionType="button" size="small">
          <Radio value="fit">适应屏幕</Radio>
          <Radio value="100">100%</Radio>
        </Radio.Group>
        <Checkbox.Group
          value={tools}
          onChange={(v) => setTools(v as string[])}
          options={[
            { label: '亮度直方图', value: 'luma' },
            { label: 'RGB 直方图', value: 'rgb' },
            { label: '地平线网格', value: 'grid' },
            { label: '中心参考线', value: 'centre' },
            { label: '增强对比（查脏点/光晕）', value: 'stretch' },
          ]}
        />
        <span className="muted viewer-hint">{zoom === 'fit' ? '单击图片放大到该处' : '拖动或方向键移动'}</span>
      </div>
      <div className="viewer-body">
        <div
          ref={stage}
          className={`viewer-stage ${zoom === 'fit' ? 'fit' : 'full'}`}
          data-testid="original-stage"
          tabIndex={zoom === '100' ? 0 : -1}
          aria-label={zoom === '100' ? '原图 100%，拖动或方向键移动，单击回到全图' : undefined}
          title={zoom === '100' ? '拖动或方向键移动，单击回到全图' : '单击放大到该处'}
          {...handlers}
        >
          <div className="viewer-frame">
            <img
              src={url}
              alt={title}
              draggable={false}
              style={on.has('stretch') ? { filter: 'contrast(3.5) brightness(0.95)' } : undefined}
            />
            {(on.has('grid') || on.has('centre')) && (
              <svg className="viewer-overlay" viewBox="0 0 100 100" preserveAspectRatio="none">
                {on.has('grid') &&
                  Array.from({ length: 9 }, (_, i) => (i + 1) * 10).map((y) => (
                    <line
                      key={`h${y}`}
                      x1="0"
                      x2="100"
                      y1={y}
                      y2={y}
                      stroke="#ffeb3b"
                      strokeWidth="0.15"
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                {on.has('centre') && (
                  <>
                    <line x1="50" x2="50" y1="0" y2="100" stroke="#ff4081" strokeWidth="1" vectorEffect="non-scaling-stroke" />
                    <line x1="0" x2="100" y1="50" y2="50" stroke="#ff4081" strokeWidth="1" vectorEffect="non-scaling-stroke" />
                  </>
                )}
              </svg>
            )}
          </div>
        </div>
        {hist && (on.has('luma') || on.has('rgb')) && (
          <div className="viewer-hist" data-testid="histograms">
            {on.has('luma') && <Histogram series={[{ bins: hist.luma, color: '#444' }]} />}
            {on.has('rgb') && (
              <Histogram
                series={[
                  { bins: hist.r, color: '#e53935' },
                  { bins: hist.g, color: '#43a047' },
                  { bins: hist.b, color: '#1e88e5' },
                ]}
              />
            )}
          </div>
        )}
      </div>
    </>
  );
}

export function OriginalViewer({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  return (
    <Modal open title={title} footer={null} onCancel={onClose} width="92vw" style={{ top: 24 }} destroyOnHidden>
      <OriginalInspector url={url} title={title} />
    </Modal>
  );
}
