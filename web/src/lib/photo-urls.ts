import { srcSetOf } from '@contract/cards';
import type { PhotoResponse } from '@contract/photos';

type Renditions = Pick<PhotoResponse, 'renditions'>;

// Kept apart from the image components (ThumbHash, CSS), so a route's loader can use it from the
// entry chunk: the home page starts fetching its hero before the page has rendered.

export { srcSetOf };

/** The rendition a browser without srcset support should take: the first at least `width` wide. */
export function fallbackSrc(photo: Renditions, width: number): string | undefined {
  const sorted = [...photo.renditions].sort((a, b) => a.width - b.width);
  return (sorted.find((r) => r.width >= width) ?? sorted.at(-1))?.url;
}

/** Starts fetching the rendition an `<img>` with this srcset and sizes will choose, before it exists. */
export function preloadPhoto(photo: Renditions, sizes: string): void {
  const img = new Image();
  img.fetchPriority = 'high';
  img.sizes = sizes;
  img.srcset = srcSetOf(photo);
  img.src = fallbackSrc(photo, 1280) ?? '';
}
