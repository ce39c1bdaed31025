import { luma } from '@contract/image-analysis';
import { Checkbox, Modal, Radio } from 'antd';
import { useEffect, useMemo, useState } from 'react';

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
      </div>
      <div className="viewer-body">
        <div className={`viewer-stage ${zoom === 'fit' ? 'fit' : 'full'}`} data-testid="original-stage">
          <div className="viewer-frame">
            <img src={url} alt={title} style={on.has('stretch') ? { filter: 'contrast(3.5) brightness(0.95)' } : undefined} />
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
