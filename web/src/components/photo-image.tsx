import { NO_REGISTRATION } from '@contract/catalogues';
import type { CardPhoto } from '@contract/cards';
import { useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { fallbackSrc, srcSetOf } from '../lib/photo-urls.js';
import './photo-card.css';

type Photo = Pick<CardPhoto, 'thumbhash' | 'width' | 'height' | 'renditions'>;

const noSubscribe = () => () => undefined;

/** False in the server's render and in the browser's hydration of it, true from then on. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

const decode = (thumbhash: string) => Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));

/**
 * The ThumbHash as a CSS background, or undefined if it cannot be read. A server-rendered page carries
 * only its average colour (a few bytes a card, not a 4 KB image each, before the page's first photo);
 * the blurred picture is painted once the page has hydrated.
 */
export function useThumbHashBackground(thumbhash: string): string | undefined {
  const hydrated = useHydrated();
  return useMemo(() => {
    try {
      if (hydrated) return `url(${thumbHashToDataURL(decode(thumbhash))})`;
      const { r, g, b } = thumbHashToAverageRGBA(decode(thumbhash));
      const rgb = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
      return `linear-gradient(${rgb}, ${rgb})`;
    } catch {
      return undefined;
    }
  }, [thumbhash, hydrated]);
}

export { fallbackSrc, srcSetOf } from '../lib/photo-urls.js';

export const registrationText = (registration: string) => (registration === NO_REGISTRATION ? '无注册号' : registration);

/** What a photo shows, for `alt`: registration, type, airline and where (`B-30EE · Boeing 737-800 · 中国东方航空 · 上海浦东…`). */
export const photoAlt = (
  photo: Pick<CardPhoto, 'registration' | 'aircraftType' | 'airline'> & Partial<Pick<CardPhoto, 'airport' | 'inFlight'>>,
) =>
  [
    registrationText(photo.registration),
    photo.aircraftType?.label,
    photo.airline?.label,
    photo.inFlight ? '空中拍摄' : photo.airport?.label,
  ]
    .filter(Boolean)
    .join(' · ');

interface Props {
  photo: Photo;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /** The LCP image of its page: fetched first, never lazily. */
  priority?: boolean;
  /** Not asked for yet (the ThumbHash stands in): its page fetches its LCP images first. */
  deferred?: boolean;
  /** Called once the image has arrived or failed. */
  onSettled?: () => void;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A photo in a box of its own aspect ratio with the ThumbHash painted until the image covers it, so
 * nothing moves when it arrives. The caller's CSS sets the box's width (or height).
 */
export function PhotoImage({ photo, alt, sizes, priority, deferred, onSettled, className, style, testId }: Props) {
  const placeholder = useThumbHashBackground(photo.thumbhash);
  return (
    <div
      className={`photo-image${className ? ` ${className}` : ''}`}
      style={{
        aspectRatio: `${photo.width} / ${photo.height}`,
        backgroundImage: placeholder,
        ...style,
      }}
      data-testid={testId}
    >
      {photo.renditions.length > 0 && !deferred && (
        <img
          src={fallbackSrc(photo, 640)}
          srcSet={srcSetOf(photo)}
          sizes={sizes}
          alt={alt}
          width={photo.width}
          height={photo.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          // Below the page's LCP image: a visible card is not raised to its priority.
          fetchPriority={priority ? 'high' : 'low'}
          onLoad={onSettled}
          onError={onSettled}
        />
      )}
    </div>
  );
}
