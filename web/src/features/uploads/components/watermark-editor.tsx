import type { Watermark } from '@contract/photos';
import { Slider } from 'antd';
import { useRef, type PointerEvent } from 'react';

interface Props {
  previewUrl: string;
  width: number;
  height: number;
  value: Watermark;
  onChange: (w: Watermark) => void;
}

/** The mark is placed by dragging on the preview; x/y are its centre in original pixels. */
export function WatermarkEditor({ previewUrl, width, height, value, onChange }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (e: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    const fx = Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width));
    const fy = Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height));
    onChange({ ...value, x: Math.round(fx * width), y: Math.round(fy * height) });
  };
  // The same size rule as the server: 12 % of the long edge times the chosen scale.
  const sizePct = ((Math.max(width, height) * 0.12 * value.scale) / width) * 100;

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
            width: `${sizePct}%`,
            left: `${(value.x / width) * 100}%`,
            top: `${(value.y / height) * 100}%`,
            opacity: value.opacity,
          }}
        />
      </div>
      <div className="watermark-sliders">
        <label>
          不透明度
          <Slider
            min={0.3}
            max={0.7}
            step={0.05}
            value={value.opacity}
            onChange={(opacity: number) => onChange({ ...value, opacity })}
          />
        </label>
        <label>
          大小
          <Slider
            min={0.5}
            max={1.5}
            step={0.05}
            value={value.scale}
            onChange={(scale: number) => onChange({ ...value, scale })}
          />
        </label>
      </div>
    </div>
  );
}
