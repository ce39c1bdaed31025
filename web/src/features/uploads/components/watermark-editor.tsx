import { WATERMARK_LIMITS, watermarkBox, type Watermark } from '@contract/photos';
import { Slider } from 'antd';
import { useRef, type PointerEvent } from 'react';
import { withAntd } from '../../../components/antd-provider.js';

interface Props {
  previewUrl: string;
  width: number;
  height: number;
  value: Watermark;
  onChange: (w: Watermark) => void;
}

/** The mark is placed by dragging on the preview; x/y are its centre in original pixels. */
/** The default export is what the upload form loads on demand (with Ant Design's provider). */
function WatermarkEditor({ previewUrl, width, height, value, onChange }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (e: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    const fx = Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width));
    const fy = Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height));
    onChange({ ...value, x: Math.round(fx * width), y: Math.round(fy * height) });
  };
  // Where the server will draw it, as shares of the original frame (the preview is scaled).
  const mark = watermarkBox(value, { width, height }, { width, height });
  const percent = (v: number, of: number) => `${(v / of) * 100}%`;

  return (
    <div>
      <div
        ref={box}
        className="watermark-box"
        style={{ aspectRatio: `${width} / ${height}` }}
        onPointerDown={(e) => {
          dragging.current = true;
          (e.target as Element).setPointerCapture?.(e.pointerId);
          moveTo(e);
        }}
        onPointerMove={(e) => dragging.current && moveTo(e)}
        onPointerUp={() => (dragging.current = false)}
        data-testid="watermark-box"
      >
        <img src={previewUrl} alt="预览" draggable={false} />
        <img
          className="watermark-mark"
          src="/favicon.svg"
          alt="水印"
          draggable={false}
          style={{
            width: percent(mark.size, width),
            left: percent(mark.left, width),
            top: percent(mark.top, height),
            opacity: value.opacity,
          }}
        />
      </div>
      <div className="watermark-sliders">
        <label>
          不透明度
          <Slider
            {...WATERMARK_LIMITS.opacity}
            value={value.opacity}
            onChange={(opacity: number) => onChange({ ...value, opacity })}
          />
        </label>
        <label>
          大小
          <Slider {...WATERMARK_LIMITS.scale} value={value.scale} onChange={(scale: number) => onChange({ ...value, scale })} />
        </label>
      </div>
    </div>
  );
}

export default withAntd(WatermarkEditor);
