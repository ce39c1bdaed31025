import type { PhotoResponse } from '@contract/photos';
import { useMemo, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';

interface Props extends Pick<PhotoResponse, 'thumbhash' | 'width' | 'height' | 'renditions'> {
  alt: string;
  /** Display width in CSS pixels; the image keeps the photo's aspect ratio. */
  size?: number;
}

/** A photo at a chosen width with its ThumbHash shown at the final aspect ratio until it loads. */
export function PhotoThumb({ thumbhash, width, height, renditions, alt, size = 240 }: Props) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => {
    try {
      return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
  }, [thumbhash]);
  const srcSet = renditions.map((r) => `${r.url} ${r.width}w`).join(', ');
  const smallest = renditions.find((r) => r.width >= size) ?? renditions.at(-1);
  return (
    <div
      className="photo-thumb"
      style={{
        width: size,
        aspectRatio: `${width} / ${height}`,
        backgroundImage: loaded || !placeholder ? undefined : `url(${placeholder})`,
      }}
    >
      {smallest && (
        <img
          src={smallest.url}
          srcSet={srcSet}
          sizes={`${size}px`}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
        />
      )}
    </div>
  );
}
