import type { PhotoCardItem } from './gallery.js';

// The gallery's compact list items read back into the fields the components use, without zod, so the
// public pages that list photos keep the schema library out of their first load (gallery.ts
// re-exports them beside the card's schema).

/** What a card, the home page's hero and a photo's alt text use of a photo: a full photo has it all too. */
export interface CardPhoto {
  id: number;
  registration: string;
  aircraftType: { label: string } | null;
  airline: { label: string } | null;
  airport: { label: string } | null;
  inFlight: boolean;
  width: number;
  height: number;
  thumbhash: string;
  renditions: { width: number; height: number; url: string }[];
  uploader: { username: string };
  featured: boolean;
  /** 首张: the first accepted photo of its aircraft. */
  first: boolean;
}

const labelled = (label: string | null) => (label === null ? null : { label });

/** A compact card item with the fields of a full photo that the components read. */
export function expandCard(card: PhotoCardItem): CardPhoto {
  const images = card.images;
  return {
    id: card.id,
    registration: card.registration,
    aircraftType: labelled(card.aircraftType),
    airline: labelled(card.airline),
    airport: labelled(card.airport),
    inFlight: card.inFlight,
    width: card.width,
    height: card.height,
    thumbhash: card.thumbhash,
    renditions:
      images === null
        ? []
        : card.sizes.map(([width, height]) => ({ width, height, url: `${images}-${Math.max(width, height)}.webp` })),
    uploader: { username: card.photographer },
    featured: card.featured,
    first: card.first,
  };
}

type Renditions = Pick<CardPhoto, 'renditions'>;

/** A photo's `srcset`: every rendition with its width (the server's preload of a page's photo says the same). */
export const srcSetOf = (photo: Renditions) => photo.renditions.map((r) => `${r.url} ${r.width}w`).join(', ');
