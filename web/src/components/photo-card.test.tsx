import { expandCard, photoCard, type CardPhoto, type PhotoCardItem } from '@contract/gallery';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardOf, photo, PVG } from '../testing/fixtures.js';
import { renderPage } from '../testing/render.js';
import { PhotoCard, PhotoGrid } from './photo-card.js';

// A gallery list's items are compact cards (`view=card`, issue 20): each field must be one a card
// shows. The card is drawn from an item whose every read is recorded; a field nobody reads fails.

/** The item's fields each read of the expanded photo comes from. */
const SOURCES: Record<keyof CardPhoto, (keyof PhotoCardItem)[]> = {
  id: ['id'],
  registration: ['registration'],
  aircraftType: ['aircraftType'],
  airline: ['airline'],
  airport: ['airport'],
  inFlight: ['inFlight'],
  width: ['width'],
  height: ['height'],
  thumbhash: ['thumbhash'],
  renditions: ['images', 'sizes'],
  uploader: ['photographer'],
  featured: ['featured'],
  first: ['first'],
};

function recorded(card: CardPhoto): { photo: CardPhoto; read: Set<string> } {
  const read = new Set<string>();
  const photo = new Proxy(card, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { photo, read };
}

describe('a gallery card', () => {
  const item = cardOf(
    photo({
      state: 'accepted',
      airport: PVG,
      featured: true,
      renditions: [
        { width: 320, height: 213, url: '/img/a7-320.webp' },
        { width: 1280, height: 853, url: '/img/a7-1280.webp' },
      ],
    }),
  );

  it('reads every field a list item carries, and the list item carries no other', async () => {
    const { photo: shown, read } = recorded(expandCard(item));
    renderPage(() => <PhotoCard photo={shown} />, { path: '/' });
    expect(await screen.findByText('B-1234')).toBeTruthy();
    const used = new Set(Object.entries(SOURCES).flatMap(([field, from]) => (read.has(field) ? from : [])));
    expect([...used].sort()).toEqual(Object.keys(photoCard.shape).sort());
    expect(Object.keys(item).sort()).toEqual(Object.keys(photoCard.shape).sort());
  });

  it('shows what the item says: facts, photographer, 编辑精选 and the renditions as a srcset', async () => {
    renderPage(() => <PhotoCard photo={expandCard(item)} />, { path: '/' });
    const card = await screen.findByTestId('photo-card');
    expect(card.textContent).toContain('Airbus A320');
    expect(card.textContent).toContain('中国国际航空');
    expect(card.textContent).toContain(PVG.label);
    expect(card.textContent).toContain('摄影：摄影师乙');
    expect(card.textContent).toContain('编辑精选');
    const img = card.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/img/a7-320.webp 320w, /img/a7-1280.webp 1280w');
  });

  it("holds the other cards' images until the first ones have arrived (or failed)", async () => {
    const photos = [1, 2, 3, 4].map((id) => expandCard({ ...item, id, registration: `B-100${id}` }));
    renderPage(() => <PhotoGrid photos={photos} priorityCount={2} />, { path: '/' });
    await screen.findByText('B-1004');
    const images = () => screen.getAllByTestId('photo-card').map((c) => c.querySelector('img'));
    expect(images().map((img) => img?.getAttribute('fetchpriority') ?? null)).toEqual(['high', 'high', null, null]);
    fireEvent.load(images()[0]!);
    expect(images()[2]).toBeNull();
    fireEvent.error(images()[1]!);
    expect(images().map((img) => img?.getAttribute('fetchpriority') ?? null)).toEqual(['high', 'high', 'low', 'low']);
  });
});
